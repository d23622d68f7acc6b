import { Group, Paper, Stack, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { usePrice } from '../../shared/format';
import type { OrderTotals } from './api';

/** What the buyer will pay, part by part, before placing the order; the city's shipping is
 * asked for until a city is chosen. */
export function Totals({ totals, subtotal }: { totals: OrderTotals | null; subtotal: number }) {
  const price = usePrice();
  const row = (label: string, amount: string, testId: string, strong = false) => (
    <Group justify="space-between" wrap="nowrap" key={label}>
      <Text fw={strong ? 700 : undefined}>
        <FormattedMessage id={label} />
      </Text>
      <Text fw={strong ? 700 : undefined} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {amount}
      </Text>
    </Group>
  );
  return (
    <Paper withBorder p="md" data-testid="checkout-totals">
      <Stack gap="xs">
        {row('order.subtotal', price(totals?.subtotal ?? subtotal), 'totals-subtotal')}
        {totals && totals.discount > 0 && row('order.discount', price(-totals.discount), 'totals-discount')}
        {totals ? (
          <>
            {row('checkout.shipping_base', price(totals.shippingBase), 'totals-shipping-base')}
            {row('checkout.shipping_extra', price(totals.shippingExtra), 'totals-shipping-extra')}
            {row('order.total', price(totals.total), 'totals-total', true)}
          </>
        ) : (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="checkout.choose_city_for_total" />
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
