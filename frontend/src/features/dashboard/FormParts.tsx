import { Button, Group, Pagination } from '@mantine/core';
import { FormattedMessage } from 'react-intl';

/** The submit button of a dashboard form, spinning while the form is sent. */
export function SaveButton({ pending }: { pending: boolean }) {
  return (
    <Button type="submit" loading={pending}>
      <FormattedMessage id="dashboard.product_form.save" />
    </Button>
  );
}

/** Page numbers under a dashboard list, shown only when there is more than one page. */
export function ListPages({ lastPage, page, onChange }: { lastPage: number | undefined; page: number; onChange: (page: number) => void }) {
  if (!lastPage || lastPage <= 1) return null;
  return (
    <Group justify="center">
      <Pagination total={lastPage} value={page} onChange={onChange} />
    </Group>
  );
}
