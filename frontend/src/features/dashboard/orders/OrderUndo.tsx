import { Button, Group, Text } from '@mantine/core';
import { FormattedMessage, FormattedTime, useIntl } from 'react-intl';
import { toast } from '../../../shared/ui/toast';
import { useOrderChanges, type Audience, type StaffOrder } from './api';

/** Undoes the order's last move, a wrong tap, for as long as the server allows (`undo_until`):
 * it asks first, as the moves do. */
export function OrderUndo({ audience, order }: { audience: Audience; order: StaffOrder }) {
  const intl = useIntl();
  const changes = useOrderChanges(audience);
  if (!order.undo_until) return null;
  const undo = () => {
    if (!window.confirm(intl.formatMessage({ id: 'dashboard.orders.confirm_undo' }, { number: order.number }))) return;
    changes.undo.mutate(order.id, { onSuccess: (answer) => toast('success', answer.message ?? '') });
  };
  return (
    <Group gap="xs" className="no-print">
      <Button variant="default" loading={changes.undo.isPending} onClick={undo} data-testid="undo-move">
        <FormattedMessage id="dashboard.orders.undo" />
      </Button>
      <Text size="sm" c="dimmed">
        <FormattedMessage
          id="dashboard.orders.undo_until"
          values={{ time: <FormattedTime value={order.undo_until} timeStyle="short" /> }}
        />
      </Text>
    </Group>
  );
}
