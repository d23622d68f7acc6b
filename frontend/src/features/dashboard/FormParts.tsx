import { useState } from 'react';
import { Button, Group, Pagination, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
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
export function ListPages({
  lastPage,
  page,
  onChange,
}: {
  lastPage: number | undefined;
  page: number;
  onChange: (page: number) => void;
}) {
  if (!lastPage || lastPage <= 1) return null;
  return (
    <Group justify="center">
      <Pagination total={lastPage} value={page} onChange={onChange} />
    </Group>
  );
}

/** A dashboard list's search as typed, the same after a pause (what the server is asked),
 * and its page, which goes back to the first when the search changes. */
export function useListSearch() {
  const [typed, setTyped] = useState('');
  const [search] = useDebouncedValue(typed, 300);
  const [page, setPage] = useState(1);
  const type = (value: string) => {
    setTyped(value);
    setPage(1);
  };
  return { typed, search, page, setPage, type };
}

/** The search field above a dashboard list; `label` names it for screen readers too. */
export function SearchBox({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
}) {
  return (
    <TextInput
      style={{ flexGrow: 1 }}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      placeholder={label}
      aria-label={label}
    />
  );
}
