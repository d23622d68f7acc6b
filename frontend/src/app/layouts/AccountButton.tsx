import { Suspense, useState, type ComponentPropsWithRef, type ComponentType } from 'react';
import type { MenuProps } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSession } from '../../shared/session/session';
import { usePhone } from '../../shared/ui/usePhone';
import { lazyWithMantine } from '../../shared/ui/mantine/lazyWithMantine';
import controls from '../../shared/ui/controls.module.css';

// The account menu (Mantine's Menu and its floating layer) is for signed-in shoppers only:
// it comes after the page, not in the storefront's first download.
const AccountMenu = lazyWithMantine(() => import('./AccountMenu'));

/** The button that opens the account menu, drawn by `target` (which passes its props and ref
 * on to a button). A press while the menu's code is still on its way is kept, and opens the
 * menu when it comes. */
export function AccountMenuButton({
  target: Target,
  position,
}: {
  target: ComponentType<ComponentPropsWithRef<'button'>>;
  position?: MenuProps['position'];
}) {
  const [asked, setAsked] = useState(false);
  return (
    <Suspense fallback={<Target onClick={() => setAsked(true)} />}>
      <AccountMenu openAtStart={asked} position={position}>
        <Target />
      </AccountMenu>
    </Suspense>
  );
}

/** The header's button with the signed-in user's name (on a phone, its first letter). */
export function AccountButton({ className, ...props }: ComponentPropsWithRef<'button'>) {
  const intl = useIntl();
  const { user } = useSession();
  // The menu passes its own props (and an empty class) to its button: the look stays.
  const look = (own = '') => `${controls.button} ${controls.light} ${own} ${className ?? ''}`;
  if (usePhone()) {
    // A round button with the name's first letter: the name itself would squeeze the search
    // box of a one-row phone header to nothing.
    return (
      <button
        type="button"
        style={{ inlineSize: 44, blockSize: 44 }}
        aria-label={user?.name ?? intl.formatMessage({ id: 'nav.account' })}
        data-testid="account-menu"
        {...props}
        className={look(`${controls.icon} ${controls.round}`)}
      >
        <span aria-hidden>{user?.name.trim().charAt(0) || '•'}</span>
      </button>
    );
  }
  return (
    <button type="button" data-testid="account-menu" {...props} className={look(controls.compact)}>
      {user?.name ?? <FormattedMessage id="nav.account" />}
    </button>
  );
}
