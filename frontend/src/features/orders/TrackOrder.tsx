import { useState } from 'react';
import { Alert, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import type { OrderData } from '../../shared/api/types';
import { required } from '../../shared/forms';
import { trackOrder } from './api';
import { InvoiceButton } from '../../shared/orders/InvoiceButton';
import { OrderSummary } from '../../shared/orders/OrderSummary';

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
  const form = useForm({
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
    <Stack gap="md" maw={560}>
      <Title order={2}>
        <FormattedMessage id="track.title" />
      </Title>
      <form onSubmit={submit} noValidate data-testid="track-form">
        <Stack gap="sm">
          <TextInput
            label={intl.formatMessage({ id: 'track.number' })}
            placeholder="MS-2026-000123"
            dir="ltr"
            name="number"
            {...form.getInputProps('number')}
          />
          <TextInput
            label={intl.formatMessage({ id: 'auth.fields.phone' })}
            type="tel"
            dir="ltr"
            inputMode="tel"
            name="phone"
            {...form.getInputProps('phone')}
          />
          <Button type="submit" loading={track.isPending} style={{ alignSelf: 'flex-start' }}>
            <FormattedMessage id="track.submit" />
          </Button>
        </Stack>
      </form>
      {missing && (
        <Alert color="orange" data-testid="track-missing">
          <FormattedMessage id="track.missing" />
        </Alert>
      )}
      {order && (
        <OrderSummary order={order}>
          <Group justify="end">
            <InvoiceButton
              path={`guest-orders/${encodeURIComponent(order.number)}/invoice?${new URLSearchParams({ phone: form.values.phone.trim() })}`}
              number={order.number}
            />
          </Group>
        </OrderSummary>
      )}
    </Stack>
  );
}
