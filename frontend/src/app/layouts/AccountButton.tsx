import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { Button } from '@mantine/core';
import { FormattedMessage } from 'react-intl';

interface AccountButtonProps extends ComponentPropsWithoutRef<'button'> {
  name: string | undefined;
  phone: boolean;
}

/** The header's button with the signed-in user's name, which opens the account menu. */
export const AccountButton = forwardRef<HTMLButtonElement, AccountButtonProps>(function AccountButton(
  { name, phone, ...props },
  ref,
) {
  return (
    <Button
      ref={ref}
      variant="light"
      size={phone ? 'sm' : 'compact-sm'}
      data-testid="account-menu"
      maw={phone ? 120 : undefined}
      {...props}
    >
      {name ?? <FormattedMessage id="nav.account" />}
    </Button>
  );
});
