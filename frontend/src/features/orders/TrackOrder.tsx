import { lazy, Suspense, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import type { OrderData } from '../../shared/api/types';
import { required } from '../../shared/forms';
import { guestInvoice, trackOrder } from './api';
import { InvoiceButton } from '../../shared/orders/InvoiceButton';
import { hasOutcome } from '../../shared/orders/outcome';
import { OrderSummary } from '../../shared/orders/OrderSummary';
import { Alert, TextField } from '../../shared/ui/fields';
import controls from '../../shared/ui/controls.module.css';
import { useFormFields } from '../../shared/formFields';

// Few tracked orders have a delivery story; its screen part and texts come only for those.
const OrderOutcome = lazy(async () => ({ default: (await import('../../shared/orders/OrderOutcome')).OrderOutcome }));

/** Track a guest order (`/track-order`) with its number and the phone it was placed with; the
 * success screen links here with the number filled in. */
export function TrackOrder() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const [order, setOrder] = useState<OrderData | null>(null);
  const [missing, setMissing] = useState(false);
  const track = useMutation({
    mutationFn: (values: { number: string; phone: string }) => trackOrder(values.number, values.phone),
  });
  const form = useFormFields({
    initialValues: { number: params.get('number') ?? '', phone: params.get('phone') ?? '' },
    validate: {
      number: required(intl.formatMessage({ id: 'track.number_required' })),
      phone: required(intl.formatMessage({ id: 'validation.phone_required' })),
    },
  });
  const submit = form.onSubmit(async (values) => {
    setMissing(false);
    try {
      setOrder((await track.mutateAsync(values)).data);
    } catch {
      setOrder(null);
      setMissing(true);
    }
  });

  return (
    <div className={controls.stack} style={{ maxInlineSize: 560 }}>
      <h2 className={`${controls.title} ${controls.h2}`}>
        <FormattedMessage id="track.title" />
      </h2>
      <form onSubmit={submit} noValidate data-testid="track-form">
        <div className={`${controls.stack} ${controls.stackSm}`}>
          <TextField
            label={intl.formatMessage({ id: 'track.number' })}
            placeholder="MS-2026-000123"
            dir="ltr"
            name="number"
            {...form.getInputProps('number')}
          />
          <TextField
            label={intl.formatMessage({ id: 'fields.phone' })}
            type="tel"
            dir="ltr"
            inputMode="tel"
            name="phone"
            {...form.getInputProps('phone')}
          />
          <button
            type="submit"
            className={controls.button}
            disabled={track.isPending}
            aria-busy={track.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            <FormattedMessage id="track.submit" />
          </button>
        </div>
      </form>
      {missing && (
        <Alert color="orange" data-testid="track-missing">
          <FormattedMessage id="track.missing" />
        </Alert>
      )}
      {order && (
        <OrderSummary order={order}>
          {hasOutcome(order) && (
            <Suspense fallback={null}>
              <OrderOutcome order={order} />
            </Suspense>
          )}
          <div className={controls.row} style={{ justifyContent: 'flex-end' }}>
            <InvoiceButton invoice={guestInvoice(order.number, form.values.phone)} number={order.number} />
          </div>
        </OrderSummary>
      )}
    </div>
  );
}
