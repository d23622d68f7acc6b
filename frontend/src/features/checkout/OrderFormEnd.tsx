import { Alert, Button, Textarea, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { FormattedMessage, useIntl } from 'react-intl';
import type { OrderTotals } from './api';
import { PaymentMethod } from './PaymentMethod';
import type { Refusal } from './placement';
import { PromoField, usePromo } from './promo';
import { Totals } from './Totals';

/** The end of every order form: notes, the promo code, the payment method, the totals, why
 * the last attempt was refused, and the button (which, after a changed total, confirms it). */
export function OrderFormEnd<Values extends { notes: string }>({
  form,
  promo,
  totals,
  subtotal,
  refusal,
  placing,
  placeLabel,
}: {
  form: UseFormReturnType<Values>;
  promo: ReturnType<typeof usePromo>;
  totals: OrderTotals | null;
  subtotal: number;
  refusal: Refusal | null;
  placing: boolean;
  placeLabel: string;
}) {
  const intl = useIntl();
  return (
    <>
      <Textarea
        label={intl.formatMessage({ id: 'checkout.notes' })}
        name="notes"
        autosize
        minRows={2}
        {...form.getInputProps('notes')}
      />
      <PromoField promo={promo} />
      <PaymentMethod />
      <Title order={4}>
        <FormattedMessage id="checkout.summary" />
      </Title>
      <Totals totals={totals} subtotal={subtotal} />
      {refusal && (
        <Alert color={refusal.totalChanged ? 'yellow' : 'red'} data-testid="checkout-refusal">
          {refusal.message}
        </Alert>
      )}
      <Button type="submit" loading={placing} data-testid="place-order">
        {intl.formatMessage({ id: refusal?.totalChanged ? 'checkout.confirm_new_total' : placeLabel })}
      </Button>
    </>
  );
}
