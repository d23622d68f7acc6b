import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Drawer, NavLink as MantineNavLink, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { Header } from './Header';
import { BottomNav } from './BottomNav';
import { usePhone } from '../../shared/ui/usePhone';
import { useLanguage } from '../../shared/i18n/LanguageProvider';
import classes from './SideLayout.module.css';

/** A link of the side menu: where it leads, its text's id, the other screens it stands for
 * besides its own and its add-and-edit screen (`…-actions`), such as an order list's other
 * tabs, and the id of the group's heading it sits under, if the menu has groups. */
export interface SideLink {
  to: string;
  label: string;
  also?: string[];
  group?: string;
}

/** The message ids of a menu that hides behind a button on a phone: the button's (naming the
 * screen shown as `{screen}`), the drawer's title and its close button's. */
export interface PhoneMenu {
  button: string;
  title: string;
  close: string;
}

/** Whether `pathname` is the screen at `path` or one under it. */
function isAt(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** Whether `link` stands for the screen at `pathname`. */
function isCurrent(link: SideLink, pathname: string): boolean {
  return [link.to, `${link.to}-actions`, ...(link.also ?? [])].some((path) => isAt(pathname, path));
}

/** The links, each group's under its heading, in the order given. */
function MenuLinks({ links, pathname, onPick }: { links: SideLink[]; pathname: string; onPick?: () => void }) {
  const intl = useIntl();
  return links.map((link, index) => {
    const current = isCurrent(link, pathname);
    const heading = link.group && link.group !== links[index - 1]?.group;
    return (
      <div key={link.to} className={classes.entry}>
        {heading && (
          <Text size="xs" fw={700} c="dimmed" className={classes.heading} role="presentation">
            {intl.formatMessage({ id: link.group })}
          </Text>
        )}
        <MantineNavLink
          component={Link}
          to={link.to}
          active={current}
          aria-current={current ? 'page' : undefined}
          label={intl.formatMessage({ id: link.label })}
          className={classes.link}
          onClick={onPick}
        />
      </div>
    );
  });
}

/** A page with the header, a side menu of links and the screen; the link of the screen shown
 * is marked current. On a phone a menu given `phone` words (the dashboard's many links) hides
 * behind one button naming the screen, opening a drawer; another (the account's few links) is
 * one row that scrolls sideways. Either way the screen starts in view; a screen of the long
 * menu's is worked with a thumb, so its every target is at least 44 px on a phone. */
export function SideLayout({
  links,
  phone,
  bottomBar = false,
  search,
}: {
  links: SideLink[];
  phone?: PhoneMenu;
  /** The storefront's bottom bar on a phone (the account's pages: the cart stays a tap away). */
  bottomBar?: boolean;
  /** The header's search box in place of the shop's (the dashboard's look-up). */
  search?: ReactNode;
}) {
  const intl = useIntl();
  const below = usePhone() && bottomBar;
  const { pathname } = useLocation();
  const menu = useRef<HTMLElement>(null);
  const [open, setOpen] = useState(false);
  // The drawer comes from where the page starts: the right in Arabic, the left in English.
  const start = useLanguage().language === 'ar' ? 'right' : 'left';
  useEffect(() => {
    const row = menu.current;
    if (!row || row.scrollWidth <= row.clientWidth) return;
    row.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [pathname]);
  const here = links.find((link) => isCurrent(link, pathname));
  return (
    <>
      <Header accountBelow={below} search={search} />
      <div className={`page ${classes.layout}`}>
        {phone && (
          <>
            <Button
              variant="default"
              className={classes.menuButton}
              onClick={() => setOpen(true)}
              aria-haspopup="dialog"
              data-testid="menu-button"
            >
              {intl.formatMessage({ id: phone.button }, { screen: here ? intl.formatMessage({ id: here.label }) : '' })}
            </Button>
            <Drawer
              opened={open}
              onClose={() => setOpen(false)}
              position={start}
              size="85%"
              title={intl.formatMessage({ id: phone.title })}
              closeButtonProps={{ 'aria-label': intl.formatMessage({ id: phone.close }) }}
            >
              <nav data-testid="menu-drawer" className={classes.drawer}>
                <MenuLinks links={links} pathname={pathname} onPick={() => setOpen(false)} />
              </nav>
            </Drawer>
          </>
        )}
        <nav ref={menu} className={`${classes.side} ${phone ? classes.behindButton : ''}`} data-testid="side-menu">
          <MenuLinks links={links} pathname={pathname} />
        </nav>
        <main className={`${classes.main} ${phone ? classes.touch : ''}`}>
          <Outlet />
        </main>
      </div>
      {below && <BottomNav />}
    </>
  );
}
