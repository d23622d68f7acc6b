import { Anchor, Button, Group, Menu } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { loginPath } from '../loginPath';
import { usePhone } from '../../shared/ui/usePhone';
import { isStaff, useSession } from '../../shared/session/session';
import { useLogout } from '../../features/auth/api';
import { CartBadge } from '../../features/cart/CartBadge';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { LanguageSwitch } from '../../shared/ui/LanguageSwitch';
import { Logo } from '../../shared/ui/Logo';
import { HeaderSearch } from '../../features/catalog/HeaderSearch';
import classes from './Header.module.css';

/** The header: the shop, its sections, the search box, the language switch and the account
 * menu — one row on a phone, where the cart and the account move to the bottom bar. */
export function Header() {
  const { token, user } = useSession();
  const location = useLocation();
  const phone = usePhone();
  const logout = useLogout();
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
            <Menu position="bottom-end" zIndex={500}>
              <Menu.Target>
                <Button
                  variant="light"
                  size={phone ? 'sm' : 'compact-sm'}
                  data-testid="account-menu"
                  maw={phone ? 120 : undefined}
                >
                  {user?.name ?? <FormattedMessage id="nav.account" />}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item component={Link} to="/account/settings">
                  <FormattedMessage id="nav.settings" />
                </Menu.Item>
                {user?.role === 'customer' && (
                  <Menu.Item component={Link} to="/account/points-exchange" data-testid="menu-points">
                    <FormattedMessage id="points.menu" values={{ points: user.points }} />
                  </Menu.Item>
                )}
                {isStaff(user) && (
                  <Menu.Item component={Link} to="/dashboard">
                    <FormattedMessage id="nav.dashboard" />
                  </Menu.Item>
                )}
                <Menu.Item color="red" onClick={() => logout()} data-testid="logout">
                  <FormattedMessage id="nav.logout" />
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
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
