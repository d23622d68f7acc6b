import { useState } from 'react';
import { Button, Checkbox, Group, Paper, Stack, TextInput } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ReturnData } from '../../../shared/api/types';
import { usePrice } from '../../../shared/format';
import { OrderReturns } from '../../../shared/orders/OrderReturns';
import { ReturnForm } from '../../../shared/orders/ReturnForm';
import { toast } from '../../../shared/ui/toast';
import { useOrderChanges, type Audience, type ReturnStepCall, type StaffOrder } from './api';

/** An order's returns for staff: each with its next step (approve or refuse with why, the
 * parcel received and whether its units can be sold again, the cash paid back), and a return
 * opened for a buyer who called, while the order is delivered. */
export function OrderReturnsDesk({
  audience,
  order,
  mayMove,
}: {
  audience: Audience;
  order: StaffOrder;
  mayMove: boolean;
}) {
  const changes = useOrderChanges(audience);
  const [opening, setOpening] = useState(false);
  const mayOpen = mayMove && order.status === 'delivered';
  if (order.returns.length === 0 && !mayOpen) return null;
  const step = (call: Omit<ReturnStepCall, 'id'>) =>
    changes.stepReturn.mutate(
      { id: order.id, ...call },
      { onSuccess: (answer) => toast('success', answer.message ?? '') },
    );
  return (
    <Paper withBorder p="md" className="no-print" data-testid="order-returns-desk">
      <Stack gap="sm">
        <OrderReturns
          returns={order.returns}
          actions={mayMove ? (kept) => <Steps kept={kept} take={step} /> : undefined}
        />
        {mayOpen &&
          (opening ? (
            <ReturnForm
              order={order}
              submitLabel="dashboard.returns.open"
              send={async (items, reason) => {
                try {
                  const answer = await changes.openReturn.mutateAsync({ id: order.id, items, reason });
                  toast('success', answer.message ?? '');
                  setOpening(false);
                  return true;
                } catch {
                  // The API client has already said why.
                  return false;
                }
              }}
            />
          ) : (
            <Group>
              <Button variant="default" onClick={() => setOpening(true)}>
                <FormattedMessage id="dashboard.returns.open" />
              </Button>
            </Group>
          ))}
      </Stack>
    </Paper>
  );
}

/** The next step of one return, as its state allows. */
function Steps({ kept, take }: { kept: ReturnData; take: (call: Omit<ReturnStepCall, 'id'>) => void }) {
  const intl = useIntl();
  const price = usePrice();
  const [reason, setReason] = useState('');
  const [resaleable, setResaleable] = useState(true);
  const returnId = kept.id;
  switch (kept.state) {
    case 'requested':
      return (
        <Stack gap="xs">
          <TextInput
            label={intl.formatMessage({ id: 'dashboard.returns.refuse_reason' })}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={2000}
          />
          <Group gap="xs">
            <Button size="compact-md" onClick={() => take({ returnId, step: 'approve' })}>
              <FormattedMessage id="dashboard.returns.approve" />
            </Button>
            <Button
              size="compact-md"
              variant="outline"
              color="red.9"
              disabled={!reason.trim()}
              onClick={() => take({ returnId, step: 'refuse', note: reason })}
            >
              <FormattedMessage id="dashboard.returns.refuse" />
            </Button>
          </Group>
        </Stack>
      );
    case 'approved':
      return (
        <Group gap="xs">
          <Checkbox
            label={intl.formatMessage({ id: 'dashboard.returns.resaleable' })}
            checked={resaleable}
            onChange={(event) => setResaleable(event.currentTarget.checked)}
          />
          <Button size="compact-md" onClick={() => take({ returnId, step: 'receive', resaleable })}>
            <FormattedMessage id="dashboard.returns.receive" />
          </Button>
        </Group>
      );
    case 'received':
      return (
        <Group gap="xs">
          <Button
            size="compact-md"
            onClick={() => {
              if (
                window.confirm(
                  intl.formatMessage({ id: 'dashboard.returns.confirm_refund' }, { amount: price(kept.refund) }),
                )
              )
                take({ returnId, step: 'refund' });
            }}
          >
            <FormattedMessage id="dashboard.returns.refund" />
          </Button>
        </Group>
      );
    default:
      return null;
  }
}
