import { useEffect, useRef } from 'react';
import { NavLink as MantineNavLink } from '@mantine/core';
import { useIntl } from 'react-intl';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { Header } from './Header';
import classes from './SideLayout.module.css';

/** A page with the header, a side menu of links (path and message id) and the screen. On a
 * phone the menu is one row that scrolls sideways, so the screen starts in view rather than
 * under eighteen links. */
export function SideLayout({ links }: { links: Array<{ to: string; label: string }> }) {
  const intl = useIntl();
  const { pathname } = useLocation();
  const menu = useRef<HTMLElement>(null);
  useEffect(() => {
    const row = menu.current;
    if (!row || row.scrollWidth <= row.clientWidth) return;
    row.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [pathname]);
  return (
    <>
      <Header />
      <div className={`page ${classes.layout}`}>
        <nav ref={menu} className={classes.side} data-testid="side-menu">
          {links.map((link) => (
            <MantineNavLink
              key={link.to}
              component={NavLink}
              to={link.to}
              label={intl.formatMessage({ id: link.label })}
              className={classes.link}
            />
          ))}
        </nav>
        <main className={classes.main}>
          <Outlet />
        </main>
      </div>
    </>
  );
}
