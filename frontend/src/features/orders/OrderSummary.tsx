import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import type { OrderData } from '../../shared/api/types';
import { usePrice } from '../../shared/format';

/** An order: its number and status, where it goes, its lines and what is paid, part by part. */
export function OrderSummary({ order }: { order: OrderData }) {
  const price = usePrice();
  const rows: Array<[string, number]> = [
    ['order.subtotal', order.subtotal],
    ['order.discount', -order.discount],
    ['order.shipping', order.shipping_total],
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
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <FormattedMessage
            id="order.goes_to"
            values={{ address: order.address.address, city: order.address.city.name }}
          />
        </Text>
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
      </Stack>
    </Paper>
  );
}
