import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { AccountButton, AccountMenuButton } from './AccountButton';
import { loginPath } from '../../shared/loginPath';
import { usePhone } from '../../shared/ui/usePhone';
import { isStaff, useSession } from '../../shared/session/session';
import { CartBadge } from '../../features/cart/CartBadge';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { LanguageSwitch } from '../../shared/ui/LanguageSwitch';
import { Logo } from '../../shared/ui/Logo';
import { HeaderSearch } from '../../features/catalog/HeaderSearch';
import controls from '../../shared/ui/controls.module.css';
import classes from './Header.module.css';

/** The header: the shop, its sections (and the dashboard, for staff), the search box (or the
 * one the layout gives), the language switch and the account
 * menu — one row on a phone, where the cart moves to the bottom bar, and the account too when
 * the page has that bar (`accountBelow`). */
export function Header({ accountBelow = false, search }: { accountBelow?: boolean; search?: ReactNode }) {
  const { token, user } = useSession();
  const location = useLocation();
  const phone = usePhone();
  return (
    <header className={classes.header}>
      <div className={classes.inner}>
        <Logo />
        <nav className={classes.nav}>
          <NavLink to="/" end>
            <FormattedMessage id="nav.home" />
          </NavLink>
          <NavLink to="/products">
            <FormattedMessage id="products.title" />
          </NavLink>
          <NavLink to="/crops">
            <FormattedMessage id="nav.crops" />
          </NavLink>
          {isStaff(user) && (
            <NavLink to="/dashboard" data-testid="dashboard-link">
              <FormattedMessage id="nav.dashboard" />
            </NavLink>
          )}
        </nav>
        {/* With the bell and the account beside it, a phone leaves the box about 90 px. A layout
            may give its own box (the dashboard's look-up). */}
        {search ?? <HeaderSearch short={phone && !!token && !accountBelow} />}
        <div className={classes.actions}>
          <LanguageSwitch />
          {!phone && <CartBadge />}
          {token && <NotificationBell />}
          {token
            ? !accountBelow && <AccountMenuButton target={AccountButton} />
            : !phone && (
                <Link
                  to={loginPath(location)}
                  className={`${controls.button} ${controls.compact}`}
                  data-testid="login-link"
                >
                  <FormattedMessage id="nav.login" />
                </Link>
              )}
        </div>
      </div>
    </header>
  );
}
