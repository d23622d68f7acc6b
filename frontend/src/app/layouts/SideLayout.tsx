import { useEffect, useRef } from 'react';
import { NavLink as MantineNavLink } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { Header } from './Header';
import classes from './SideLayout.module.css';

/** A link of the side menu: where it leads, its text's id, and the other screens it stands
 * for besides its own and its add-and-edit screen (`…-actions`), such as an order list's
 * other tabs. */
export interface SideLink {
  to: string;
  label: string;
  also?: string[];
}

/** Whether `pathname` is the screen at `path` or one under it. */
function isAt(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** A page with the header, a side menu of links and the screen; the link of the screen shown
 * is marked current. On a phone the menu is one row that scrolls sideways, so the screen starts
 * in view rather than under eighteen links. */
export function SideLayout({ links }: { links: SideLink[] }) {
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
          {links.map((link) => {
            const current = [link.to, `${link.to}-actions`, ...(link.also ?? [])].some((path) => isAt(pathname, path));
            return (
              <MantineNavLink
                key={link.to}
                component={Link}
                to={link.to}
                active={current}
                aria-current={current ? 'page' : undefined}
                label={intl.formatMessage({ id: link.label })}
                className={classes.link}
              />
            );
          })}
        </nav>
        <main className={classes.main}>
          <Outlet />
        </main>
      </div>
    </>
  );
}
