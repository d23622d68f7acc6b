import { useIntl } from 'react-intl';
import type { CartData } from '../../shared/api/types';
import { required } from '../../shared/forms';
import { useSession } from '../../shared/session/session';
import { deliveryCity, useDeliveryCityField } from '../../shared/deliveryCity';
import { CityPicker } from '../../shared/ui/CityPicker';
import { TextField } from '../../shared/ui/fields';
import controls from '../../shared/ui/controls.module.css';
import { orderTotals, placeGuestOrder, type GuestOrderBody, type Placed } from './api';
import { OrderFormEnd } from './OrderFormEnd';
import { usePlacement } from './placement';
import { usePromo } from './promo';
import { useSafety } from './safety';
import { useFormFields } from '../../shared/formFields';

/** The order form without an account: who, where, notes and a code, with the totals; used by
 * "Continue as Guest" and by the cart's "Order through WhatsApp" (`source`). */
export function GuestOrderForm({
  cart,
  source,
  onPlaced,
}: {
  cart: CartData;
  source: GuestOrderBody['source'];
  onPlaced: (placed: Placed) => void;
}) {
  const intl = useIntl();
  const { user } = useSession();
  const items = cart.products.map((line) => ({ id: line.id, quantity: line.quantity }));
  const promo = usePromo(items);
  const safety = useSafety(cart);
  const { place, refusal, placing } = usePlacement(placeGuestOrder);
  const form = useFormFields({
    initialValues: {
      name: user?.name ?? '',
      phone: user?.phone ?? '',
      city_id: deliveryCity(user),
      address: '',
      landmark: '',
      notes: '',
    },
    validate: {
      name: required(intl.formatMessage({ id: 'validation.name_required' })),
      phone: required(intl.formatMessage({ id: 'validation.phone_required' })),
      city_id: required(intl.formatMessage({ id: 'validation.city_required' })),
      address: required(intl.formatMessage({ id: 'validation.address_required' })),
    },
  });
  const cities = useDeliveryCityField(form.values.city_id, (cityId) => form.setFieldValue('city_id', cityId));
  const city = cities.find((candidate) => String(candidate.id) === form.values.city_id);
  const totals = city
    ? orderTotals(cart.total, promo.discount, city.shipping_cost, cart.shipping_value, city.cod)
    : null;

  const submit = form.onSubmit(async (values) => {
    if (!totals) return;
    const placed = await place(
      {
        name: values.name.trim(),
        phone: values.phone.trim(),
        city_id: Number(values.city_id),
        address: values.address.trim(),
        landmark: values.landmark.trim() || undefined,
        items,
        notes: values.notes.trim() || undefined,
        copoun: promo.code,
        source,
        payment_method: 'cash_on_delivery',
        expected_total: totals.expected,
        ...safety.body,
      },
      form.setErrors,
    );
    if (placed) onPlaced(placed);
  });

  return (
    <form onSubmit={submit} noValidate data-testid={`${source}-order-form`}>
      <div className={`${controls.stack} ${controls.stackSm}`}>
        <TextField
          label={intl.formatMessage({ id: 'fields.name' })}
          name="name"
          autoComplete="name"
          {...form.getInputProps('name')}
        />
        <TextField
          label={intl.formatMessage({ id: 'fields.phone' })}
          type="tel"
          dir="ltr"
          inputMode="tel"
          name="phone"
          autoComplete="tel"
          {...form.getInputProps('phone')}
        />
        <CityPicker autoComplete="address-level1" {...form.getInputProps('city_id')} />
        <TextField
          label={intl.formatMessage({ id: 'addresses.address' })}
          name="address"
          autoComplete="street-address"
          {...form.getInputProps('address')}
        />
        {/* Villages have no street names: the courier finds the mosque or the canal bridge. */}
        <TextField
          label={intl.formatMessage({ id: 'checkout.landmark' })}
          name="landmark"
          {...form.getInputProps('landmark')}
        />
        <OrderFormEnd
          form={form}
          promo={promo}
          totals={totals}
          subtotal={cart.total}
          refusal={refusal}
          placing={placing}
          safety={safety}
          placeLabel={source === 'whatsapp' ? 'checkout.place_whatsapp' : 'checkout.place'}
        />
      </div>
    </form>
  );
}
