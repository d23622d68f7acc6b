import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { settingsQueries } from '../../shared/api/settings';
import { shippingCityQueries } from '../../shared/api/cities';
import { usePrice, useWeight } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageProvider';
import { useSession } from '../../shared/session/session';
import { CityPicker } from '../../shared/ui/CityPicker';
import { deliveryCity, rememberDeliveryCity } from '../../shared/deliveryCity';
import controls from '../../shared/ui/controls.module.css';
import classes from './ProductProfile.module.css';

/** What delivery costs and when it comes, beside the price: the fee to the shopper's
 * governorate (the one they last picked here or at checkout, else their account's), the weight
 * rule, cash on delivery and the hours the shop promises. */
export default function DeliveryPromise() {
  const intl = useIntl();
  const price = usePrice();
  const weight = useWeight();
  const { language } = useLanguage();
  const { user } = useSession();
  const [cityId, setCityId] = useState(() => deliveryCity(user));
  const settings = useQuery(settingsQueries.public(language)).data?.data;
  const cities = useQuery(shippingCityQueries.list(language)).data?.data ?? [];
  const city = cities.find((known) => String(known.id) === cityId);
  if (!settings) return null;
  const { shipping } = settings;
  return (
    <section
      className={`${controls.stack} ${controls.stackXs}`}
      aria-labelledby="delivery-title"
      data-testid="delivery-promise"
    >
      <h2 className={`${controls.title} ${controls.h4}`} id="delivery-title">
        <FormattedMessage id="delivery.title" />
      </h2>
      <CityPicker
        label={intl.formatMessage({ id: 'checkout.address' })}
        value={city ? String(city.id) : ''}
        onChange={(event) => {
          const picked = event.currentTarget.value;
          setCityId(picked);
          rememberDeliveryCity(picked);
        }}
        name="delivery_city"
      />
      <ul className={classes.promise}>
        <li data-testid="delivery-fee">
          {city ? (
            <FormattedMessage
              id="delivery.fee"
              values={{ city: city.name, cost: <bdi>{price(city.shipping_cost)}</bdi> }}
            />
          ) : (
            <FormattedMessage id="delivery.fee_unknown" />
          )}
        </li>
        <li>
          <FormattedMessage
            id="cart.shipping_rule"
            values={{ free: weight(shipping.free_weight_kg, 'kg'), fee: price(shipping.extra_fee_per_kg) }}
          />
        </li>
        <li>
          <FormattedMessage id="delivery.cash" />
        </li>
        <li data-testid="delivery-hours">
          <FormattedMessage id="delivery.hours" values={{ hours: shipping.estimated_hours }} />
        </li>
      </ul>
      <p className={`${controls.text} ${controls.tiny} ${controls.dimmed}`}>
        <FormattedMessage id="delivery.calls" />
      </p>
    </section>
  );
}
