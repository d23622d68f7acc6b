import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { Button } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';

interface AccountButtonProps extends ComponentPropsWithoutRef<'button'> {
  name: string | undefined;
  phone: boolean;
}

/** The header's button with the signed-in user's name (on a phone, its first letter), which
 * opens the account menu. */
export const AccountButton = forwardRef<HTMLButtonElement, AccountButtonProps>(function AccountButton(
  { name, phone, ...props },
  ref,
) {
  const intl = useIntl();
  if (phone) {
    // A round button with the name's first letter: the name itself would squeeze the search
    // box of a one-row phone header to nothing.
    return (
      <Button
        ref={ref}
        variant="light"
        size="sm"
        radius="xl"
        w={44}
        px={0}
        aria-label={name ?? intl.formatMessage({ id: 'nav.account' })}
        data-testid="account-menu"
        {...props}
      >
        <span aria-hidden>{name?.trim().charAt(0) || '•'}</span>
      </Button>
    );
  }
  return (
    <Button ref={ref} variant="light" size="compact-sm" data-testid="account-menu" {...props}>
      {name ?? <FormattedMessage id="nav.account" />}
    </Button>
  );
});
