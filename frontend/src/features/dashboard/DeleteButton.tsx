import { Button } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';

/** A red "Delete" that asks before it deletes what it names. */
export function DeleteButton({ name, onConfirm }: { name: string; onConfirm: () => void }) {
  const intl = useIntl();
  return (
    <Button
      variant="subtle"
      color="red"
      size="compact-sm"
      onClick={() => {
        if (window.confirm(intl.formatMessage({ id: 'dashboard.products.confirm_delete' }, { name }))) onConfirm();
      }}
    >
      <FormattedMessage id="dashboard.products.delete" />
    </Button>
  );
}
