import { Badge, Button } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { useCart } from '../../shared/cart/useCart';

/** The header's link to the cart with how many products it holds. */
export function CartBadge() {
  const intl = useIntl();
  const { count } = useCart();
  return (
    <Button
      component={Link}
      to="/cart"
      variant="subtle"
      size="compact-sm"
      data-testid="cart-link"
      aria-label={intl.formatMessage({ id: 'cart.badge' }, { count })}
      rightSection={
        count > 0 ? (
          <Badge size="sm" circle data-testid="cart-count">
            {intl.formatNumber(count)}
          </Badge>
        ) : undefined
      }
    >
      <FormattedMessage id="cart.title" />
    </Button>
  );
}
