import { useState } from 'react';
import { Anchor, Badge, Button, Group, NativeSelect, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { shippingCityQueries } from '../../../shared/api/cities';
import { useLanguage } from '../../../shared/i18n/LanguageProvider';
import { hasPermission, useSession } from '../../../shared/session/session';
import { toast } from '../../../shared/ui/toast';
import { DeleteButton } from '../DeleteButton';
import { ListFilters, ListHeader, ListPages, SearchBox, useListState } from '../FormParts';
import { staffQueries } from '../staff/api';
import { clientQueries, useDeleteGroup, useSaveGroup, type Group as ClientGroup } from './api';
import cards from '../ListCards.module.css';

// Written out so the message-id test sees every id.
export const STATUS_LABELS: Record<string, string> = {
  verified: 'dashboard.clients.status.verified',
  not_verified: 'dashboard.clients.status.not_verified',
  blocked: 'dashboard.clients.status.blocked',
};
export const STATUS_COLOURS: Record<string, string> = { verified: 'green', not_verified: 'gray', blocked: 'red' };

/** Staff's clients (`/dashboard/users`): search by name, phone or e-mail and filters by
 * status, city, group and sales engineer, kept in the address; each client leads to their
 * page. Below, the client groups with how many clients each holds. */
export function DashboardUsers() {
  const intl = useIntl();
  const { language } = useLanguage();
  const { user } = useSession();
  const { typed, type, search, page, setPage, filter, setFilter } = useListState({
    status: '',
    city: '',
    group: '',
    sales_engineer_id: '',
  });
  const list = useQuery(
    clientQueries.list({
      search,
      status: filter('status'),
      city: filter('city'),
      group: filter('group'),
      sales_engineer_id: filter('sales_engineer_id'),
      page,
    }),
  ).data;
  const cities = useQuery(shippingCityQueries.list(language)).data?.data ?? [];
  const groups = useQuery(clientQueries.groups()).data?.data ?? [];
  const engineers =
    useQuery({ ...staffQueries.engineers(), enabled: hasPermission(user, 'sales-list') }).data?.data ?? [];
  const select = (
    name: 'status' | 'city' | 'group' | 'sales_engineer_id',
    label: string,
    options: { value: string; label: string }[],
  ) => (
    <NativeSelect
      aria-label={intl.formatMessage({ id: label })}
      value={filter(name)}
      onChange={(event) => setFilter(name, event.currentTarget.value || null)}
      data={[{ value: '', label: intl.formatMessage({ id: label }) }, ...options]}
    />
  );

  return (
    <Stack gap="md">
      <ListHeader
        title="dashboard.clients.title"
        addLabel="dashboard.clients.add"
        addTo="/dashboard/users-actions"
        permission="client-create"
      />
      <ListFilters
        search={
          <SearchBox value={typed} onChange={type} label={intl.formatMessage({ id: 'dashboard.clients.search' })} />
        }
        set={(['status', 'city', 'group', 'sales_engineer_id'] as const).filter((name) => filter(name)).length}
      >
        {select(
          'status',
          'dashboard.clients.any_status',
          Object.entries(STATUS_LABELS).map(([value, id]) => ({ value, label: intl.formatMessage({ id }) })),
        )}
        {select(
          'city',
          'dashboard.clients.any_city',
          cities.map((city) => ({ value: String(city.id), label: city.name })),
        )}
        {select(
          'group',
          'dashboard.clients.any_group',
          groups.map((group) => ({ value: String(group.id), label: group.name })),
        )}
        {engineers.length > 0 &&
          select(
            'sales_engineer_id',
            'dashboard.clients.any_engineer',
            engineers.map((engineer) => ({ value: String(engineer.id), label: engineer.name })),
          )}
      </ListFilters>
      <Text size="sm" c="dimmed">
        <FormattedMessage id="dashboard.clients.count" values={{ count: list?.meta.total ?? 0 }} />
      </Text>
      <div className={cards.scroller}>
        <Table striped className={cards.table}>
          <Table.Tbody>
            {list?.data.map((client) => (
              <Table.Tr key={client.id} data-testid="client-row">
                <Table.Td>
                  <Anchor component={Link} to={`/dashboard/users/${client.id}`} fw={600}>
                    {client.name}
                  </Anchor>
                </Table.Td>
                <Table.Td dir="ltr">{client.phone ?? client.email}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOURS[client.status]}>
                    {intl.formatMessage({ id: STATUS_LABELS[client.status] ?? 'dashboard.clients.status.verified' })}
                  </Badge>
                </Table.Td>
                <Table.Td>{client.group?.name}</Table.Td>
                <Table.Td>{client.city?.name}</Table.Td>
                <Table.Td>{client.sales_engineer?.name}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <FormattedMessage id="points.balance_value" values={{ points: client.points }} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      <ListPages lastPage={list?.meta.last_page} page={page} onChange={setPage} />
      <Groups groups={groups} editable={hasPermission(user, 'client-edit')} />
    </Stack>
  );
}

/** The client groups: each with its clients and, for staff who may, rename and remove; and a
 * form for a new one. */
function Groups({ groups, editable }: { groups: ClientGroup[]; editable: boolean }) {
  const intl = useIntl();
  const save = useSaveGroup();
  const remove = useDeleteGroup();
  const [editing, setEditing] = useState<{ id: number | null; name_ar: string; name_en: string } | null>(null);
  const done = (answer: { message: string }) => {
    toast('success', answer.message);
    setEditing(null);
  };
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>
            <FormattedMessage id="dashboard.groups.title" />
          </Title>
          {editable && (
            <Button
              variant="light"
              size="compact-sm"
              onClick={() => setEditing({ id: null, name_ar: '', name_en: '' })}
            >
              <FormattedMessage id="dashboard.groups.add" />
            </Button>
          )}
        </Group>
        {groups.map((group) => (
          <Group key={group.id} justify="space-between" data-testid="group-row">
            <Text>
              <FormattedMessage id="dashboard.groups.row" values={{ name: group.name, count: group.clients }} />
            </Text>
            {editable && (
              <Group gap="xs">
                <Button
                  variant="subtle"
                  size="compact-sm"
                  onClick={() => setEditing({ id: group.id, name_ar: group.name_ar, name_en: group.name_en })}
                >
                  <FormattedMessage id="dashboard.products.edit" />
                </Button>
                <DeleteButton name={group.name} onConfirm={() => remove.mutate(group.id, { onSuccess: done })} />
              </Group>
            )}
          </Group>
        ))}
        {editing && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              save.mutate(editing, { onSuccess: done });
            }}
          >
            <Group align="end">
              <TextInput
                label={intl.formatMessage({ id: 'dashboard.groups.name_ar' })}
                dir="rtl"
                value={editing.name_ar}
                onChange={(event) => setEditing({ ...editing, name_ar: event.currentTarget.value })}
              />
              <TextInput
                label={intl.formatMessage({ id: 'dashboard.groups.name_en' })}
                dir="ltr"
                value={editing.name_en}
                onChange={(event) => setEditing({ ...editing, name_en: event.currentTarget.value })}
              />
              <Button type="submit" loading={save.isPending}>
                <FormattedMessage id="dashboard.product_form.save" />
              </Button>
            </Group>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
