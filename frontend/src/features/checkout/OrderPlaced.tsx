import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';

/** The guest's order-success screen (`/order-success?number=`): the number to keep and the way
 * to track the order with it. */
export function OrderPlaced() {
  const [params] = useSearchParams();
  const number = params.get('number') ?? '';
  return (
    <Paper withBorder p="lg" maw={560} data-testid="order-placed">
      <Stack gap="md">
        <Title order={2}>
          <FormattedMessage id="checkout.placed_title" />
        </Title>
        <Text>
          <FormattedMessage
            id="checkout.placed_number"
            values={{
              number: (
                <bdi dir="ltr" data-testid="order-number" style={{ fontWeight: 700 }}>
                  {number}
                </bdi>
              ),
            }}
          />
        </Text>
        <Text size="sm" c="dimmed">
          <FormattedMessage id="checkout.placed_keep" />
        </Text>
        <Group wrap="wrap">
          <Button component={Link} to={`/track-order?number=${encodeURIComponent(number)}`}>
            <FormattedMessage id="checkout.track_it" />
          </Button>
          <Button component={Link} to="/products" variant="default">
            <FormattedMessage id="cart.browse" />
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
