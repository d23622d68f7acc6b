import { useState } from 'react';
import { Button, Group, Paper, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError } from '../../../shared/api/client';
import { toLatinDigits } from '../../../shared/digits';
import { toast } from '../../../shared/ui/toast';
import { useOrderChanges, type Audience, type StaffOrder } from './api';

/** A parcel on delivery whose buyer took only part of it at the door: staff type the units
 * refused of each line and why; the rest is delivered (its totals, invoice and points) and the
 * refused units go back on the shelf. */
export function OrderPartialDelivery({ audience, order }: { audience: Audience; order: StaffOrder }) {
  const intl = useIntl();
  const changes = useOrderChanges(audience);
  const [refused, setRefused] = useState<Record<number, string> | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  if (order.status !== 'on_delivery') return null;

  if (!refused) {
    return (
      <Group className="no-print">
        <Button color="orange.9" onClick={() => setRefused({})} data-testid="partial-delivery">
          <FormattedMessage id="dashboard.orders.partial_delivery" />
        </Button>
      </Group>
    );
  }

  const items = order.items.flatMap((item) => {
    const units = Number(toLatinDigits(refused[item.product_id ?? -1] ?? '')) || 0;
    return item.product_id != null && units > 0 ? [{ id: item.product_id, quantity: units }] : [];
  });
  const deliver = () => {
    if (
      !window.confirm(intl.formatMessage({ id: 'dashboard.orders.confirm_partial_delivery' }, { number: order.number }))
    )
      return;
    changes.partial.mutate(
      { id: order.id, items, reason },
      {
        onSuccess: (answer) => {
          toast('success', answer.message ?? '');
          setRefused(null);
        },
        onError: (failed) => {
          const messages = failed instanceof ApiError ? Object.values(failed.firstMessages()) : [];
          setError(
            messages[0] ?? (failed instanceof ApiError ? failed.message : intl.formatMessage({ id: 'errors.network' })),
          );
        },
      },
    );
  };

  return (
    <Paper withBorder p="md" className="no-print" data-testid="partial-delivery-form">
      <Stack gap="sm">
        <Title order={4}>
          <FormattedMessage id="dashboard.orders.partial_delivery" />
        </Title>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <FormattedMessage id="dashboard.orders.partial_line" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="dashboard.orders.partial_refused" />
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.items.map((item) => (
              <Table.Tr key={item.product_id ?? item.slug}>
                <Table.Td>
                  {item.name} × {item.quantity}
                </Table.Td>
                <Table.Td w={110}>
                  {item.product_id != null && (
                    <TextInput
                      aria-label={intl.formatMessage({ id: 'dashboard.orders.refused_units' }, { name: item.name })}
                      inputMode="numeric"
                      dir="ltr"
                      placeholder="0"
                      value={refused[item.product_id] ?? ''}
                      onChange={(event) => setRefused({ ...refused, [item.product_id!]: event.currentTarget.value })}
                      data-testid="refused-units"
                    />
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Textarea
          label={intl.formatMessage({ id: 'dashboard.orders.partial_reason' })}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={2000}
          autosize
          data-testid="partial-reason"
        />
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group gap="xs">
          <Button
            onClick={deliver}
            loading={changes.partial.isPending}
            disabled={items.length === 0 || !reason.trim()}
            data-testid="deliver-rest"
          >
            <FormattedMessage id="dashboard.orders.deliver_rest" />
          </Button>
          <Button variant="default" onClick={() => setRefused(null)}>
            <FormattedMessage id="dashboard.orders.keep_lines" />
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
