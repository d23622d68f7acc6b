import { useId, useState, type ReactNode } from 'react';
import { Button, Group, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedCallback } from '@mantine/hooks';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { submitShowingErrors } from '../../shared/ui/mantine/submitShowingErrors';
import { FormErrorsSummary } from '../../shared/ui/fields';
import { hasPermission, useSession } from '../../shared/session/session';
import { withLoading } from '../../shared/ui/loading';
import { toast } from '../../shared/ui/toast';
import { Pages } from '../../shared/ui/mantine/Pages';
import cards from './ListCards.module.css';

/** The submit button of a dashboard form, spinning while the form is sent, with how many
 * fields need a look after a failed submit (`errors`, the form's). */
export function SaveButton({ pending, errors = {} }: { pending: boolean; errors?: Record<string, unknown> }) {
  return (
    <>
      <FormErrorsSummary errors={errors} />
      <Button type="submit" loading={pending}>
        <FormattedMessage id="dashboard.product_form.save" />
      </Button>
    </>
  );
}

/** A list screen's form buttons: save, and cancel while an entry of the list is being changed. */
export function SaveOrCancel({
  pending,
  editing,
  onCancel,
}: {
  pending: boolean;
  editing: boolean;
  onCancel: () => void;
}) {
  const intl = useIntl();
  return (
    <Group>
      <SaveButton pending={pending} />
      {editing && (
        <Button variant="default" onClick={onCancel}>
          {intl.formatMessage({ id: 'dashboard.categories.cancel' })}
        </Button>
      )}
    </Group>
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
  return <Pages total={lastPage} value={page} onChange={onChange} />;
}

/** A dashboard list's search, filters and page, kept in the address like the storefront's:
 * a list can be shared, reloaded, and found again with Back. The search is written after a
 * pause in typing; any change of search or filter goes back to the first page. A filter
 * equal to its default is left out of the address. */
export function useListState<Filter extends string = never>(defaults: Record<Filter, string> = {} as never) {
  const [params, setParams] = useSearchParams();
  const [typed, setTyped] = useState(() => params.get('search') ?? '');
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null) next.delete(name);
          else next.set(name, value);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  const writeSearch = useDebouncedCallback((value: string) => update({ search: value.trim() || null }), 300);
  return {
    typed,
    type: (value: string) => {
      setTyped(value);
      writeSearch(value);
    },
    search: params.get('search') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
    setPage: (page: number) => update({ page: page > 1 ? String(page) : null }),
    filter: (name: Filter): string => params.get(name) ?? defaults[name],
    setFilter: (name: Filter, value: string | null) =>
      update({ [name]: value === null || value === defaults[name] ? null : value }),
  };
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

/** A dashboard list's title, with an "add" button to its `-actions` screen for staff holding
 * `permission`. */
export function ListHeader({
  title,
  addLabel,
  addTo,
  permission,
}: {
  title: string;
  addLabel: string;
  addTo: string;
  permission: string;
}) {
  const { user } = useSession();
  return (
    <Group justify="space-between">
      <Title order={2}>
        <FormattedMessage id={title} />
      </Title>
      {hasPermission(user, permission) && (
        <Button component={Link} to={addTo}>
          <FormattedMessage id={addLabel} />
        </Button>
      )}
    </Group>
  );
}

/** The submit of an `-actions` form: saves, shows the server's message and goes back to the
 * list; a field the form's rules or the server's 422 refuse shows its message under it and
 * takes the focus. */
export function useSaveAndReturn<Values>(
  form: UseFormReturnType<Values>,
  save: (values: Values) => Promise<{ message?: string | null }>,
  list: string,
) {
  const navigate = useNavigate();
  return submitShowingErrors(form, async (values) => {
    const answer = await withLoading(save(values));
    toast('success', answer.message);
    navigate(list);
  });
}

/** The Arabic and English name fields of a dashboard form, each typed in its own direction. */
export function NameFields<Values extends { name_ar: string; name_en: string }>({
  form,
}: {
  form: UseFormReturnType<Values>;
}) {
  const intl = useIntl();
  return (
    <>
      <TextInput
        label={intl.formatMessage({ id: 'dashboard.product_form.name_ar' })}
        name="name_ar"
        dir="rtl"
        {...form.getInputProps('name_ar')}
      />
      <TextInput
        label={intl.formatMessage({ id: 'dashboard.product_form.name_en' })}
        name="name_en"
        dir="ltr"
        {...form.getInputProps('name_en')}
      />
    </>
  );
}

/** A list's search and its filters; on a phone the filters wait behind one button that counts
 * those set (`set`), opening under it. */
export function ListFilters({ search, set, children }: { search: ReactNode; set: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <Group align="end" wrap="wrap">
        {search}
        <Button
          variant="default"
          className={cards.filterButton}
          onClick={() => setOpen((shown) => !shown)}
          aria-expanded={open}
          aria-controls={id}
          data-testid="filters-button"
        >
          <FormattedMessage id="dashboard.list.filters" values={{ count: set }} />
        </Button>
      </Group>
      <Group align="end" wrap="wrap" id={id} className={`${cards.filters} ${open ? cards.filtersOpen : ''}`}>
        {children}
      </Group>
    </>
  );
}
