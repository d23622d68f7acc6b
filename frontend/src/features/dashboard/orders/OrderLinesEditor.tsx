import { useState } from 'react';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError } from '../../../shared/api/client';
import { toast } from '../../../shared/ui/toast';
import { useOrderChanges, type Audience, type StaffOrder } from './api';
import { OrderLinesPicker, linesBody, type PickedLine } from './OrderLinesPicker';

/** The lines of an order its buyer has not confirmed yet, changed by staff after the call (one
 * sack more, a product less, another besides): the server prices them, takes the stock and
 * texts the buyer the new total. */
export function OrderLinesEditor({ audience, order }: { audience: Audience; order: StaffOrder }) {
  const intl = useIntl();
  const changes = useOrderChanges(audience);
  const [lines, setLines] = useState<PickedLine[] | null>(null);
  const [error, setError] = useState('');
  if (order.confirmation.state !== 'awaiting' || order.shipment) return null;

  if (!lines) {
    const held = order.items.flatMap((item) =>
      item.product_id == null
        ? []
        : [{ id: item.product_id, name: item.name, price: item.unit_price, quantity: String(item.quantity) }],
    );
    return (
      <Group className="no-print">
        <Button variant="default" onClick={() => setLines(held)} data-testid="change-lines">
          <FormattedMessage id="dashboard.orders.change_lines" />
        </Button>
      </Group>
    );
  }

  const save = () =>
    changes.lines.mutate(
      { id: order.id, items: linesBody(lines) },
      {
        onSuccess: (answer) => {
          toast('success', answer.message ?? '');
          setLines(null);
          setError('');
        },
        onError: (failed) => {
          const messages = failed instanceof ApiError ? Object.values(failed.firstMessages()) : [];
          setError(
            messages[0] ?? (failed instanceof ApiError ? failed.message : intl.formatMessage({ id: 'errors.network' })),
          );
        },
      },
    );

  return (
    <Paper withBorder p="md" className="no-print" data-testid="lines-editor">
      <Stack gap="sm">
        <Title order={4}>
          <FormattedMessage id="dashboard.orders.change_lines" />
        </Title>
        <OrderLinesPicker lines={lines} onChange={setLines} error={error} />
        <Group gap="xs">
          <Button
            onClick={save}
            loading={changes.lines.isPending}
            disabled={lines.length === 0}
            data-testid="save-lines"
          >
            <FormattedMessage id="dashboard.orders.save_lines" />
          </Button>
          <Button variant="default" onClick={() => setLines(null)}>
            <FormattedMessage id="dashboard.orders.keep_lines" />
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
