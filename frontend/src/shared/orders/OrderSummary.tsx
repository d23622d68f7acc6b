import type { ReactNode } from 'react';
import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { FormattedDate, FormattedMessage } from 'react-intl';
import type { OrderData } from '../api/types';
import { usePrice } from '../format';

/** An order: its number, date and status, where it goes and to whom, its lines and what is
 * paid, part by part; `children` (the buyer's actions) come last. */
export function OrderSummary({ order, children }: { order: OrderData; children?: ReactNode }) {
  const price = usePrice();
  const rows: Array<[string, number]> = [
    ['order.subtotal', order.subtotal],
    ['order.discount', -order.discount],
    ['order.shipping', order.shipping_base],
    ['order.shipping_extra', order.shipping_extra],
  ];
  return (
    <Paper withBorder p="md" data-testid="order-summary">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3}>
            <bdi dir="ltr">{order.number}</bdi>
          </Title>
          <Badge data-testid="order-status">{order.status_label}</Badge>
        </Group>
        <Text size="sm" c="dimmed">
          <FormattedDate value={order.created_at} year="numeric" month="long" day="numeric" />
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <FormattedMessage
            id="order.goes_to"
            values={{ address: order.address.address, city: order.address.city.name }}
          />
        </Text>
        {order.type === 'other' && order.receiver_name && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <FormattedMessage
              id="order.receiver"
              values={{ name: order.receiver_name, phone: <bdi dir="ltr">{order.receiver_phone}</bdi> }}
            />
          </Text>
        )}
        <Table.ScrollContainer minWidth={280}>
          <Table>
            <Table.Tbody>
              {order.items.map((item, index) => (
                <Table.Tr key={index} data-testid="order-item">
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.name}</Table.Td>
                  <Table.Td>×{item.quantity}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{price(item.line_total)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {rows
          .filter(([, amount]) => amount !== 0)
          .map(([label, amount]) => (
            <Group key={label} justify="space-between">
              <Text size="sm">
                <FormattedMessage id={label} />
              </Text>
              <Text size="sm">{price(amount)}</Text>
            </Group>
          ))}
        <Group justify="space-between">
          <Text fw={700}>
            <FormattedMessage id="order.total" />
          </Text>
          <Text fw={700} data-testid="order-total">
            {price(order.total)}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          <FormattedMessage id="order.cash_on_delivery" />
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}
