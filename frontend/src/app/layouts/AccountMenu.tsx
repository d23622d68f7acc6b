import { Menu } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { isStaff, useSession } from '../../shared/session/session';
import { useLogout } from '../../features/auth/api';
import { usePhone } from '../../shared/ui/usePhone';
import { AccountButton } from './AccountButton';

/** The signed-in user's menu: settings, points, the dashboard for staff, log out. Opened at
 * once when the shopper pressed its button before this code had arrived. */
export default function AccountMenu({ openAtStart = false }: { openAtStart?: boolean }) {
  const { user } = useSession();
  const phone = usePhone();
  const logout = useLogout();
  return (
    <Menu position="bottom-end" zIndex={500} defaultOpened={openAtStart}>
      <Menu.Target>
        <AccountButton name={user?.name} phone={phone} />
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
  );
}
