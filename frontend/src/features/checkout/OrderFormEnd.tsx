import { lazy, Suspense } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { FieldSource } from '../../shared/forms';
import type { OrderTotals } from './api';
import { PaymentMethod } from './PaymentMethod';
import type { Refusal } from './placement';
import type { usePromo } from './promo';
import { SafetyAcknowledgement, type useSafety } from './safety';
import { Totals } from './Totals';
import { Alert, TextArea } from '../../shared/ui/fields';
import { FormErrorsSummary } from '../../shared/ui/fields';
import controls from '../../shared/ui/controls.module.css';

// Most orders carry no code: the field comes just after the form, in its kept place.
const PromoField = lazy(() => import('./PromoField'));

/** The end of every order form: notes, the promo code, the payment method, the totals, the
 * safety acknowledgement a dangerous product needs, why the last attempt was refused, how many
 * fields need a look, and the button (which, after a changed total, confirms it). */
export function OrderFormEnd({
  form,
  promo,
  totals,
  subtotal,
  refusal,
  placing,
  placeLabel,
  safety,
}: {
  form: FieldSource<'notes'> & { errors: Record<string, unknown> };
  promo: ReturnType<typeof usePromo>;
  totals: OrderTotals | null;
  subtotal: number;
  refusal: Refusal | null;
  placing: boolean;
  placeLabel: string;
  safety: ReturnType<typeof useSafety>;
}) {
  const intl = useIntl();
  return (
    <>
      <TextArea label={intl.formatMessage({ id: 'checkout.notes' })} name="notes" {...form.getInputProps('notes')} />
      <Suspense fallback={<div style={{ minBlockSize: '4.5rem' }} />}>
        <PromoField promo={promo} />
      </Suspense>
      <PaymentMethod />
      <h2 className={`${controls.title} ${controls.h4}`}>
        <FormattedMessage id="checkout.summary" />
      </h2>
      <Totals totals={totals} subtotal={subtotal} />
      <SafetyAcknowledgement safety={safety} />
      {refusal && (
        <Alert color={refusal.totalChanged ? 'yellow' : 'red'} data-testid="checkout-refusal">
          {refusal.message}
        </Alert>
      )}
      <FormErrorsSummary errors={form.errors} />
      <button
        type="submit"
        className={controls.button}
        disabled={placing}
        aria-busy={placing}
        data-testid="place-order"
      >
        {intl.formatMessage({ id: refusal?.totalChanged ? 'checkout.confirm_new_total' : placeLabel })}
      </button>
    </>
  );
}
