import { NavLink as MantineNavLink, Stack } from '@mantine/core';
import { useIntl } from 'react-intl';
import { NavLink, Outlet } from 'react-router-dom';
import { Header } from './Header';
import classes from './SideLayout.module.css';

/** A page with the header, a side menu of links (path and message id) and the screen. */
export function SideLayout({ links }: { links: Array<{ to: string; label: string }> }) {
  const intl = useIntl();
  return (
    <>
      <Header />
      <div className={`page ${classes.layout}`}>
        <Stack component="nav" gap={4} className={classes.side} data-testid="side-menu">
          {links.map((link) => (
            <MantineNavLink
              key={link.to}
              component={NavLink}
              to={link.to}
              label={intl.formatMessage({ id: link.label })}
            />
          ))}
        </Stack>
        <main className={classes.main}>
          <Outlet />
        </main>
      </div>
    </>
  );
}
