import { Group, Pagination } from '@mantine/core';
import { useIntl } from 'react-intl';

// Written out so the message-id test sees every id.
const ARROW_LABELS = {
  first: 'pagination.first',
  previous: 'pagination.previous',
  next: 'pagination.next',
  last: 'pagination.last',
} as const;

/** The page numbers under a list drawn with Mantine, centred, with every control named (the
 * arrows have no text of their own, and a screen reader reads these); nothing for one page. */
export function Pages({
  total,
  value,
  onChange,
}: {
  total: number | undefined;
  value: number;
  onChange: (page: number) => void;
}) {
  const intl = useIntl();
  if (!total || total <= 1) return null;
  return (
    <Group justify="center">
      <Pagination
        total={total}
        value={value}
        onChange={onChange}
        getControlProps={(control) => ({ 'aria-label': intl.formatMessage({ id: ARROW_LABELS[control] }) })}
        getItemProps={(item) => ({ 'aria-label': intl.formatMessage({ id: 'pagination.page' }, { page: item }) })}
      />
    </Group>
  );
}
