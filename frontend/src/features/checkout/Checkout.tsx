import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import { clearLocalCart } from '../../shared/cart/localCart';
import { useCart } from '../../shared/cart/useCart';
import { EmptyCart } from '../../shared/cart/EmptyCart';
import { useSession } from '../../shared/session/session';
import { toast } from '../../shared/ui/toast';
import { ClientCheckout } from './ClientCheckout';
import { GuestOrderForm } from './GuestOrderForm';

/** Checkout (`/account/checkout`): a verified client checks out the server cart; anyone else
 * chooses "Login & Checkout" or "Continue as Guest" (spec §6). */
export function Checkout() {
  const navigate = useNavigate();
  const { user } = useSession();
  const { cart, loading, onServer } = useCart();
  const [asGuest, setAsGuest] = useState(false);

  if (loading) return null;
  if (!cart || cart.products.length === 0) {
    return <EmptyCart title="checkout.title" />;
  }

  return (
    <Stack gap="md" maw={640}>
      <Title order={2}>
        <FormattedMessage id="checkout.title" />
      </Title>
      {onServer ? (
        <ClientCheckout cart={cart} />
      ) : asGuest ? (
        <GuestOrderForm
          cart={cart}
          source="guest"
          onPlaced={(placed) => {
            clearLocalCart();
            toast('success', placed.message);
            navigate(`/order-success?number=${encodeURIComponent(placed.data.number)}`);
          }}
        />
      ) : (
        <Paper withBorder p="md" data-testid="checkout-choice">
          <Stack gap="sm">
            {user && !user.verified && (
              <Alert color="yellow">
                <FormattedMessage id="checkout.verify_first" />{' '}
                <Anchor component={Link} to="/auth/verify-account">
                  <FormattedMessage id="checkout.verify_link" />
                </Anchor>
              </Alert>
            )}
            <Group grow wrap="wrap">
              {!user && (
                <Button component={Link} to="/auth/login?next=/account/checkout">
                  <FormattedMessage id="checkout.login_and_checkout" />
                </Button>
              )}
              <Button variant={user ? 'filled' : 'default'} onClick={() => setAsGuest(true)}>
                <FormattedMessage id="checkout.continue_as_guest" />
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
