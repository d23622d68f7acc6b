import { Group, Pagination } from '@mantine/core';
import { useIntl } from 'react-intl';

/** The pages of a product list; choosing one brings the list's top into view, as the shopper
 * reads the next page from its first product. */
export function ProductPages({
  total,
  value,
  onChange,
  listId,
}: {
  total: number;
  value: number;
  onChange: (page: number) => void;
  listId: string;
}) {
  const intl = useIntl();
  if (total <= 1) return null;
  return (
    <Group justify="center">
      <Pagination
        total={total}
        value={value}
        size="lg"
        getControlProps={(control) => ({ 'aria-label': intl.formatMessage({ id: `pagination.${control}` }) })}
        getItemProps={(page) => ({ 'aria-label': intl.formatMessage({ id: 'pagination.page' }, { page }) })}
        onChange={(page) => {
          onChange(page);
          document.getElementById(listId)?.scrollIntoView({ block: 'start' });
        }}
      />
    </Group>
  );
}
