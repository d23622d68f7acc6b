import type { ComponentProps } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { shippingCityQueries } from '../api/cities';
import { usePrice } from '../format';
import { useLanguage } from '../i18n/LanguageProvider';
import { SelectField } from './fields';

/** A shipping city, each shown with its base cost (`withCost`, where the city is where a parcel
 * goes): the phone's own picker, quick to scroll through 27 governorates on a small screen. The
 * value is the city's id as text, '' for none. */
export function CityPicker({
  withCost = true,
  ...props
}: Omit<ComponentProps<typeof SelectField>, 'options'> & { withCost?: boolean }) {
  const intl = useIntl();
  const price = usePrice();
  const { language } = useLanguage();
  const cities = useQuery(shippingCityQueries.list(language)).data?.data ?? [];
  return (
    <SelectField
      label={intl.formatMessage({ id: 'addresses.city' })}
      name="city_id"
      {...props}
      options={[
        { value: '', label: intl.formatMessage({ id: 'addresses.city_placeholder' }) },
        ...cities.map((city) => ({
          value: String(city.id),
          label: withCost
            ? intl.formatMessage({ id: 'addresses.city_option' }, { city: city.name, cost: price(city.shipping_cost) })
            : city.name,
        })),
      ]}
    />
  );
}
