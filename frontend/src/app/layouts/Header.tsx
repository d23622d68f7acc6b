import { lazy, Suspense, useState } from 'react';
import { Anchor, Button, Group } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { AccountButton } from './AccountButton';
import { loginPath } from '../loginPath';
import { usePhone } from '../../shared/ui/usePhone';
import { useSession } from '../../shared/session/session';
import { CartBadge } from '../../features/cart/CartBadge';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { LanguageSwitch } from '../../shared/ui/LanguageSwitch';
import { Logo } from '../../shared/ui/Logo';
import { HeaderSearch } from '../../features/catalog/HeaderSearch';
import classes from './Header.module.css';

// The account menu (Mantine's Menu and its floating layer) is for signed-in shoppers only:
// it comes after the page, not in the storefront's first download.
const AccountMenu = lazy(() => import('./AccountMenu'));

/** The header: the shop, its sections, the search box, the language switch and the account
 * menu — one row on a phone, where the cart and the account move to the bottom bar. */
export function Header() {
  const { token, user } = useSession();
  const location = useLocation();
  const phone = usePhone();
  // A press on the account button while the menu's code is still on its way is kept.
  const [menuAsked, setMenuAsked] = useState(false);
  return (
    <header className={classes.header}>
      <div className={classes.inner}>
        <Logo />
        <nav className={classes.nav}>
          <Anchor component={NavLink} to="/" end>
            <FormattedMessage id="nav.home" />
          </Anchor>
          <Anchor component={NavLink} to="/products">
            <FormattedMessage id="nav.products" />
          </Anchor>
        </nav>
        <HeaderSearch />
        <Group gap="xs" wrap="nowrap">
          <LanguageSwitch />
          {!phone && <CartBadge />}
          {token && <NotificationBell />}
          {token ? (
            <Suspense fallback={<AccountButton name={user?.name} phone={phone} onClick={() => setMenuAsked(true)} />}>
              <AccountMenu openAtStart={menuAsked} />
            </Suspense>
          ) : (
            !phone && (
              <Button component={Link} to={loginPath(location)} size="compact-sm" data-testid="login-link">
                <FormattedMessage id="nav.login" />
              </Button>
            )
          )}
        </Group>
      </div>
    </header>
  );
}
