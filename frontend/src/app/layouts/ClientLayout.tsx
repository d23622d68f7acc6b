import { Suspense } from 'react';
import { NavLink as MantineNavLink, Stack } from '@mantine/core';
import { useIntl } from 'react-intl';
import { NavLink, Outlet } from 'react-router-dom';
import { Header } from '../../shared/ui/Header';
import classes from './SideLayout.module.css';

/** The client's account: a side menu and the page. */
export function ClientLayout() {
  const intl = useIntl();
  return (
    <>
      <Header />
      <div className={`page ${classes.layout}`}>
        <Stack component="nav" gap={4} className={classes.side}>
          <MantineNavLink component={NavLink} to="/account/settings" label={intl.formatMessage({ id: 'nav.settings' })} />
        </Stack>
        <main className={classes.main}>
          <Suspense fallback={null}>
          <Outlet />
        </Suspense>
        </main>
      </div>
    </>
  );
}
