import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { addressQueries } from '../../shared/api/addresses';
import type { CartData } from '../../shared/api/types';
import { usePrice } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageProvider';
import { useSession } from '../../shared/session/session';
import { deliveryCity, useDeliveryCityField } from '../../shared/deliveryCity';
import { CityPicker } from '../../shared/ui/CityPicker';
import { RadioGroup, TextField } from '../../shared/ui/fields';
import controls from '../../shared/ui/controls.module.css';
import { orderTotals, placeOrder } from './api';
import { OrderFormEnd } from './OrderFormEnd';
import { successPage, usePlacement } from './placement';
import { usePromo } from './promo';
import { useSafety } from './safety';
import { useFormFields } from '../../shared/formFields';

const NEW_ADDRESS = 'new';

/** A verified client's checkout of the server cart: a saved address or a new one, for
 * themselves or someone else, notes, a code; the totals as the server will reckon them. */
export function ClientCheckout({ cart }: { cart: CartData }) {
  const intl = useIntl();
  const price = usePrice();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { language } = useLanguage();
  const { user } = useSession();
  const addresses = useQuery(addressQueries.list(language)).data?.data ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const choice = picked ?? (addresses[0] ? String(addresses[0].id) : NEW_ADDRESS);
  const items = cart.products.map((line) => ({ id: line.id, quantity: line.quantity }));
  const promo = usePromo(items);
  const safety = useSafety(cart);
  const { place, refusal, placing } = usePlacement(placeOrder);
  const requiredIf = (when: (values: Values) => boolean, message: string) => (value: string, values: Values) =>
    when(values) && !value.trim() ? intl.formatMessage({ id: message }) : null;
  const form = useFormFields<Values>({
    initialValues: {
      address: '',
      city_id: deliveryCity(user),
      type: 'self',
      receiver_name: '',
      receiver_phone: '',
      notes: '',
    },
    validate: {
      address: requiredIf(() => choice === NEW_ADDRESS, 'validation.address_required'),
      city_id: requiredIf(() => choice === NEW_ADDRESS, 'validation.city_required'),
      receiver_name: requiredIf((values) => values.type === 'other', 'validation.name_required'),
      receiver_phone: requiredIf((values) => values.type === 'other', 'validation.phone_required'),
    },
  });
  const cities = useDeliveryCityField(form.values.city_id, (cityId) => form.setFieldValue('city_id', cityId));

  const saved = addresses.find((address) => String(address.id) === choice);
  // A saved address names who receives there (the farm's guard): the order goes to them, as
  // "for someone else", unless the client changes it.
  const { setFieldValue } = form;
  useEffect(() => {
    if (!saved?.recipient_name) return;
    setFieldValue('type', 'other');
    setFieldValue('receiver_name', saved.recipient_name);
    setFieldValue('receiver_phone', saved.recipient_phone ?? '');
  }, [saved, setFieldValue]);
  const city =
    choice === NEW_ADDRESS ? cities.find((city) => String(city.id) === form.values.city_id) : saved?.shipping_city;
  const totals = city
    ? orderTotals(cart.total, promo.discount, city.shipping_cost, cart.shipping_value, city.cod)
    : null;

  const submit = form.onSubmit(async (values) => {
    if (!totals) return;
    const other = values.type === 'other';
    const placed = await place(
      {
        ...(choice === NEW_ADDRESS
          ? { address: values.address.trim(), city_id: Number(values.city_id) }
          : { address_id: Number(choice) }),
        type: values.type,
        ...(other ? { receiver_name: values.receiver_name.trim(), receiver_phone: values.receiver_phone.trim() } : {}),
        notes: values.notes.trim() || undefined,
        copoun: promo.code,
        payment_method: 'cash_on_delivery',
        expected_total: totals.expected,
        ...safety.body,
      },
      form.setErrors,
    );
    if (!placed) return;
    await client.invalidateQueries({ queryKey: ['cart'] });
    await client.invalidateQueries({ queryKey: ['orders'] });
    // The same success page as a guest's: the number, the total, and confirming at once.
    navigate(...successPage(placed));
  });

  return (
    <form onSubmit={submit} noValidate data-testid="client-checkout">
      <div className={controls.stack}>
        <RadioGroup
          label={intl.formatMessage({ id: 'checkout.address' })}
          value={choice}
          onChange={setPicked}
          name="address_id"
          options={[
            ...addresses.map((address) => ({
              value: String(address.id),
              label: [
                intl.formatMessage({ id: `checkout.address_label.${address.label}` }),
                intl.formatMessage(
                  { id: 'addresses.line' },
                  {
                    city: address.shipping_city.name,
                    address: address.address,
                    cost: price(address.shipping_city.shipping_cost),
                  },
                ),
                address.landmark && intl.formatMessage({ id: 'checkout.address_near' }, { landmark: address.landmark }),
                address.recipient_name &&
                  intl.formatMessage({ id: 'checkout.address_recipient' }, { name: address.recipient_name }),
              ]
                .filter(Boolean)
                .join(' · '),
            })),
            { value: NEW_ADDRESS, label: intl.formatMessage({ id: 'checkout.new_address' }) },
          ]}
        />
        {choice === NEW_ADDRESS && (
          <>
            <CityPicker {...form.getInputProps('city_id')} />
            <TextField
              label={intl.formatMessage({ id: 'addresses.address' })}
              name="address"
              {...form.getInputProps('address')}
            />
          </>
        )}
        <RadioGroup
          label={intl.formatMessage({ id: 'checkout.type' })}
          name="type"
          value={form.values.type}
          onChange={(type) => form.setFieldValue('type', type as Values['type'])}
          error={form.errors.type}
          options={[
            { value: 'self', label: intl.formatMessage({ id: 'checkout.type_self' }) },
            { value: 'other', label: intl.formatMessage({ id: 'checkout.type_other' }) },
          ]}
        />
        {form.values.type === 'other' && (
          <>
            <TextField
              label={intl.formatMessage({ id: 'checkout.receiver_name' })}
              name="receiver_name"
              {...form.getInputProps('receiver_name')}
            />
            <TextField
              label={intl.formatMessage({ id: 'checkout.receiver_phone' })}
              type="tel"
              dir="ltr"
              inputMode="tel"
              name="receiver_phone"
              {...form.getInputProps('receiver_phone')}
            />
          </>
        )}
        <OrderFormEnd
          form={form}
          promo={promo}
          totals={totals}
          subtotal={cart.total}
          refusal={refusal}
          placing={placing}
          safety={safety}
          placeLabel="checkout.place"
        />
      </div>
    </form>
  );
}

interface Values {
  address: string;
  city_id: string;
  type: 'self' | 'other';
  receiver_name: string;
  receiver_phone: string;
  notes: string;
}
