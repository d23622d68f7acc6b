import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { useCart } from '../../shared/cart/useCart';
import controls from '../../shared/ui/controls.module.css';

/** The cart's count in a circle, when it holds something. */
export function CartCount({ count }: { count: number }) {
  const intl = useIntl();
  if (count === 0) return null;
  return (
    <span className={`${controls.badge} ${controls.count}`} data-testid="cart-count">
      {intl.formatNumber(count)}
    </span>
  );
}

/** The header's link to the cart with how many products it holds. */
export function CartBadge() {
  const intl = useIntl();
  const { count } = useCart();
  return (
    <Link
      to="/cart"
      className={`${controls.button} ${controls.subtle} ${controls.compact}`}
      data-testid="cart-link"
      aria-label={intl.formatMessage({ id: 'cart.badge' }, { count })}
    >
      <FormattedMessage id="cart.title" />
      <CartCount count={count} />
    </Link>
  );
}
