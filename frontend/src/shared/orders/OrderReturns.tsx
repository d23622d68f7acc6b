import type { ReactNode } from 'react';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { Badge, Card, Stack, Text } from '@mantine/core';
import type { ReturnData } from '../api/types';
import { usePrice } from '../format';
import { DAY } from '../format';

// Written out so the message-id test sees every id.
const STATES: Record<string, string> = {
  requested: 'orders.return.state.requested',
  approved: 'orders.return.state.approved',
  refused: 'orders.return.state.refused',
  received: 'orders.return.state.received',
  refunded: 'orders.return.state.refunded',
};

/** An order's returns, oldest first: the units asked back and why, where each stands, the cash
 * paid back and the points taken back; `actions` (the staff's next steps) under each. */
export function OrderReturns({
  returns,
  actions,
}: {
  returns: ReturnData[];
  actions?: (kept: ReturnData) => ReactNode;
}) {
  const price = usePrice();
  if (returns.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="order-returns">
      <Text fw={600}>
        <FormattedMessage id="orders.return.title" />
      </Text>
      {returns.map((kept) => (
        <Card key={kept.id} withBorder padding="sm" data-testid="order-return">
          <Stack gap={4}>
            <Badge color={kept.state === 'refused' ? 'red.9' : 'teal.9'} data-testid="return-state">
              <FormattedMessage id={STATES[kept.state] ?? 'orders.return.state.requested'} />
            </Badge>
            <Text size="xs" c="dimmed">
              <FormattedDate value={kept.asked_at} {...DAY} />
            </Text>
            {kept.items.map((item) => (
              <Text key={item.product_id} size="sm">
                <FormattedMessage id="orders.return.item" values={{ name: item.name, quantity: item.quantity }} />
              </Text>
            ))}
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {kept.reason}
            </Text>
            <Text size="sm" fw={600}>
              <FormattedMessage id="orders.return.refund" values={{ amount: price(kept.refund) }} />
            </Text>
            {!!kept.points_back && (
              <Text size="sm">
                <FormattedMessage id="orders.return.points_back" values={{ points: kept.points_back }} />
              </Text>
            )}
            {kept.note && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                <FormattedMessage id="orders.return.note" values={{ note: kept.note }} />
              </Text>
            )}
            {actions?.(kept)}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
