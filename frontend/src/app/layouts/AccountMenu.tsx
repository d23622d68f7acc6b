import type { ReactElement } from 'react';
import { Menu, type MenuProps } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { isStaff, useSession } from '../../shared/session/session';
import { useLogout } from '../../features/auth/api';

/** The signed-in user's menu under (or, from the phone's bottom bar, above) `children`: a
 * client's orders and addresses first (what they come for), settings, points, the dashboard for
 * staff, log out. Opened at once when the shopper pressed
 * its button before this code had arrived. */
export default function AccountMenu({
  openAtStart = false,
  position = 'bottom-end',
  children,
}: {
  openAtStart?: boolean;
  position?: MenuProps['position'];
  children: ReactElement;
}) {
  const { user } = useSession();
  const logout = useLogout();
  return (
    // Fixed, as its button is (the sticky header, the phone's bottom bar): placed against the
    // screen, it is never placed at the page's end first, where focusing its first item would
    // scroll the page away from the shopper.
    <Menu position={position} zIndex={500} defaultOpened={openAtStart} floatingStrategy="fixed">
      <Menu.Target>{children}</Menu.Target>
      <Menu.Dropdown>
        {user?.role === 'customer' && (
          <>
            <Menu.Item component={Link} to="/account/orders-history" data-testid="menu-orders">
              <FormattedMessage id="nav.orders" />
            </Menu.Item>
            <Menu.Item component={Link} to="/account/shipping-address" data-testid="menu-addresses">
              <FormattedMessage id="nav.addresses" />
            </Menu.Item>
          </>
        )}
        <Menu.Item component={Link} to="/account/settings">
          <FormattedMessage id="nav.settings" />
        </Menu.Item>
        {user?.role === 'customer' && (
          <Menu.Item component={Link} to="/account/points-exchange" data-testid="menu-points">
            <FormattedMessage id="nav.points_balance" values={{ points: user.points }} />
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
  );
}
