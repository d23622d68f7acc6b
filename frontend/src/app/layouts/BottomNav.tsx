import type { ComponentPropsWithRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink, useLocation } from 'react-router-dom';
import { loginPath } from '../../shared/loginPath';
import { useCart } from '../../shared/cart/useCart';
import { isStaff, useSession } from '../../shared/session/session';
import { HEADER_SEARCH_ID } from '../../features/catalog/HeaderSearch';
import { CartCount } from '../../features/cart/CartBadge';
import { AccountMenuButton } from './AccountButton';
import classes from './Header.module.css';

/** The bottom bar's account tab of a signed-in shopper: it opens the account menu. */
function AccountTab({ className, ...props }: ComponentPropsWithRef<'button'>) {
  // The menu passes its own props (and an empty class) to its button: the tab's look stays.
  return (
    <button type="button" data-testid="account-menu" {...props} className={`${classes.tab} ${className ?? ''}`}>
      <FormattedMessage id="nav.account" />
    </button>
  );
}

/** The phone's bar at the bottom of the screen, under the thumb: Home, categories, search (for
 * staff, the dashboard: the header's box searches too), the cart with its count, and sign-in or the account menu (the header leaves it to this bar,
 * so that its search box is wide). */
export function BottomNav() {
  const intl = useIntl();
  const { count } = useCart();
  const { token, user } = useSession();
  const location = useLocation();
  return (
    <nav className={classes.bottom} aria-label={intl.formatMessage({ id: 'nav.bottom' })} data-testid="bottom-nav">
      <NavLink to="/" end className={classes.tab}>
        <FormattedMessage id="nav.home" />
      </NavLink>
      <NavLink to="/crops" className={classes.tab} data-testid="crops-link">
        <FormattedMessage id="nav.crops" />
      </NavLink>
      {isStaff(user) ? (
        <NavLink to="/dashboard" className={classes.tab} data-testid="dashboard-link">
          <FormattedMessage id="nav.dashboard" />
        </NavLink>
      ) : (
        <button
          type="button"
          className={classes.tab}
          onClick={() => document.getElementById(HEADER_SEARCH_ID)?.focus()}
        >
          <FormattedMessage id="nav.search" />
        </button>
      )}
      <NavLink
        to="/cart"
        className={classes.tab}
        aria-label={intl.formatMessage({ id: 'cart.badge' }, { count })}
        data-testid="cart-link"
      >
        <FormattedMessage id="cart.title" />
        <CartCount count={count} />
      </NavLink>
      {token ? (
        <AccountMenuButton target={AccountTab} position="top-end" />
      ) : (
        <NavLink to={loginPath(location)} className={classes.tab} data-testid="bottom-account">
          <FormattedMessage id="nav.login" />
        </NavLink>
      )}
    </nav>
  );
}
