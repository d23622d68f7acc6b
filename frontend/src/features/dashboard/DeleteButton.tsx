import { Button } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';

/** A red "Delete" that asks before it deletes what it names; `label` and `question` name other
 * words for the same kind of act (revoking a key). */
export function DeleteButton({
  name,
  onConfirm,
  label = 'dashboard.products.delete',
  question = 'dashboard.products.confirm_delete',
}: {
  name: string;
  onConfirm: () => void;
  label?: string;
  question?: string;
}) {
  const intl = useIntl();
  return (
    <Button
      variant="subtle"
      // Shade 9: Mantine's red (6) is 3.3:1 on white, under WCAG AA's 4.5.
      color="red.9"
      size="compact-sm"
      onClick={() => {
        if (window.confirm(intl.formatMessage({ id: question }, { name }))) onConfirm();
      }}
    >
      <FormattedMessage id={label} />
    </Button>
  );
}
