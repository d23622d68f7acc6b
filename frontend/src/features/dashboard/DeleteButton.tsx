import { Button } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';

/** A red "Delete" that asks before it deletes what it names. */
export function DeleteButton({ name, onConfirm }: { name: string; onConfirm: () => void }) {
  const intl = useIntl();
  return (
    <Button
      variant="subtle"
      // Shade 9: Mantine's red (6) is 3.3:1 on white, under WCAG AA's 4.5.
      color="red.9"
      size="compact-sm"
      onClick={() => {
        if (window.confirm(intl.formatMessage({ id: 'dashboard.products.confirm_delete' }, { name }))) onConfirm();
      }}
    >
      <FormattedMessage id="dashboard.products.delete" />
    </Button>
  );
}
