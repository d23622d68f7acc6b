import type { ReactNode } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';

/** What the cart and checkout show when the cart is empty: say so and lead to the products. */
export function EmptyCart({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap="md" align="start">
      <Title order={2}>
        <FormattedMessage id={title} />
      </Title>
      <Text data-testid="cart-empty">
        <FormattedMessage id="cart.empty" />
      </Text>
      <Button component={Link} to="/products">
        <FormattedMessage id="cart.browse" />
      </Button>
      {children}
    </Stack>
  );
}
