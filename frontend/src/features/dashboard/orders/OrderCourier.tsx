import { useState } from 'react';
import { Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError, report } from '../../../shared/api/client';
import { downloadFile } from '../../../shared/api/download';
import { usePrice } from '../../../shared/format';
import { toast } from '../../../shared/ui/toast';
import { airwayBill, couriersQuery, useOrderChanges, type Audience, type StaffOrder } from './api';

// Written out so the message-id test sees every id.
const COURIER_NAMES: Record<string, string> = {
  bosta: 'dashboard.orders.courier.bosta',
  manual: 'dashboard.orders.courier.manual',
};

/** The courier states after which a parcel changes no more. */
const FINAL_STATES = ['delivered', 'returned', 'cancelled'];

/** The order's courier for staff: once handed over, the cash it is to collect and has
 * collected and, for a courier company, its airway bill and a way to ask it where the parcel
 * is; before, for a confirmed new order, the hand-over to a company's courier or to the
 * staff's own with its tracking number. */
export function OrderCourier({
  audience,
  order,
  mayMove,
}: {
  audience: Audience;
  order: StaffOrder;
  mayMove: boolean;
}) {
  const intl = useIntl();
  const price = usePrice();
  const changes = useOrderChanges(audience);
  const { shipment } = order;
  const mayHandOver = mayMove && !shipment && order.status === 'new' && order.confirmation.state === 'confirmed';
  if (!shipment && !mayHandOver) return null;
  return (
    <Paper withBorder p="md" className="no-print" data-testid="order-courier">
      <Stack gap="sm">
        <Title order={4}>
          <FormattedMessage id="dashboard.orders.courier.title" />
        </Title>
        {shipment ? (
          <Group gap="md" wrap="wrap">
            <Text size="sm">
              <FormattedMessage
                id="dashboard.orders.courier.cash"
                values={{
                  cod: price(shipment.cod ?? 0),
                  collected: shipment.collected == null ? '—' : price(shipment.collected),
                }}
              />
            </Text>
            {shipment.courier !== 'manual' && (
              <Button
                variant="default"
                size="compact-md"
                data-testid="airway-bill"
                onClick={() =>
                  downloadFile(airwayBill(audience, order.id), `airway-bill-${order.number}.pdf`, {
                    done: intl.formatMessage({ id: 'dashboard.orders.courier.bill_downloaded' }),
                    failed: intl.formatMessage({ id: 'dashboard.orders.courier.bill_failed' }),
                  })
                }
              >
                <FormattedMessage id="dashboard.orders.courier.airway_bill" />
              </Button>
            )}
            {shipment.courier !== 'manual' && mayMove && !FINAL_STATES.includes(shipment.state) && (
              <Button
                variant="default"
                size="compact-md"
                data-testid="refresh-shipment"
                loading={changes.refreshShipment.isPending}
                onClick={() =>
                  changes.refreshShipment.mutate(order.id, {
                    onSuccess: (answer) => toast('success', answer.message ?? ''),
                  })
                }
              >
                <FormattedMessage id="dashboard.orders.courier.refresh" />
              </Button>
            )}
          </Group>
        ) : (
          <HandOverForm audience={audience} order={order} />
        )}
      </Stack>
    </Paper>
  );
}

/** Chooses the courier and hands the parcel over, asking first; the server's refusals sit
 * under their fields. */
function HandOverForm({ audience, order }: { audience: Audience; order: StaffOrder }) {
  const intl = useIntl();
  const couriers = useQuery(couriersQuery).data?.data ?? ['manual'];
  const changes = useOrderChanges(audience);
  const [courier, setCourier] = useState('');
  const [courierName, setCourierName] = useState('');
  const [tracking, setTracking] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const chosen = courier || (couriers.at(-1) ?? 'manual');

  const handOver = () => {
    if (!window.confirm(intl.formatMessage({ id: 'dashboard.orders.courier.confirm' }, { number: order.number })))
      return;
    changes.handOver.mutate(
      { id: order.id, courier: chosen, courierName, tracking },
      {
        onSuccess: (answer) => {
          toast('success', answer.message ?? '');
          setErrors({});
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422) setErrors(error.firstMessages());
          else if (error instanceof ApiError) report(error);
        },
      },
    );
  };

  const orderError = errors.order ?? errors.courier;
  return (
    <Stack gap="sm">
      <NativeSelect
        label={intl.formatMessage({ id: 'dashboard.orders.courier.choose' })}
        value={chosen}
        onChange={(event) => setCourier(event.currentTarget.value)}
        data={couriers.map((kind) => ({
          value: kind,
          label: intl.formatMessage({ id: COURIER_NAMES[kind] ?? COURIER_NAMES.manual }),
        }))}
        data-testid="courier-choice"
      />
      {chosen === 'manual' && (
        <Group grow align="start" wrap="wrap">
          <TextInput
            label={intl.formatMessage({ id: 'dashboard.orders.courier.name' })}
            value={courierName}
            onChange={(event) => setCourierName(event.currentTarget.value)}
            error={errors.courier_name}
            maxLength={100}
            data-testid="courier-name"
          />
          <TextInput
            label={intl.formatMessage({ id: 'dashboard.orders.courier.tracking' })}
            value={tracking}
            onChange={(event) => setTracking(event.currentTarget.value)}
            error={errors.tracking}
            maxLength={40}
            dir="ltr"
            data-testid="courier-tracking"
          />
        </Group>
      )}
      {orderError && (
        <Text size="sm" c="red.8" role="alert">
          {orderError}
        </Text>
      )}
      <Group>
        <Button loading={changes.handOver.isPending} onClick={handOver} data-testid="hand-over">
          <FormattedMessage id="dashboard.orders.courier.hand_over" />
        </Button>
      </Group>
    </Stack>
  );
}
