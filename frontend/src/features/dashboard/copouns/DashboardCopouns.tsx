import { Badge, Button, Group, Select, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { DAY, usePrice } from '../../../shared/format';
import { hasPermission, useSession } from '../../../shared/session/session';
import { toast } from '../../../shared/ui/toast';
import { DeleteButton } from '../DeleteButton';
import { ListHeader, ListPages, SearchBox, useListState } from '../FormParts';
import { staffCopounQueries, useDeleteCopoun, useSwitchCopoun, type StaffCopoun } from './api';
import cards from '../ListCards.module.css';

// Written out so the message-id test sees every id.
const STATUS_LABELS: Record<string, string> = {
  active: 'dashboard.offers.status.active',
  inactive: 'dashboard.offers.status.inactive',
  expired: 'dashboard.offers.status.expired',
};
const STATUS_COLOURS: Record<string, string> = { active: 'green', inactive: 'gray', expired: 'red' };

/** Staff's promo codes (`/dashboard/copouns`): search and status filter; each code with what
 * it takes off, how often it was used, until when, its status; switch on and off, edit, remove. */
export function DashboardCopouns() {
  const intl = useIntl();
  const price = usePrice();
  const { user } = useSession();
  const { typed, type, search, page, setPage, filter, setFilter } = useListState({ status: '' });
  const status = filter('status');
  const list = useQuery(staffCopounQueries.list({ search, status, page })).data;
  const toggle = useSwitchCopoun();
  const remove = useDeleteCopoun();
  const done = (answer: { message: string }) => toast('success', answer.message);
  const worth = (code: StaffCopoun) => (code.type === 'percent' ? `${code.value}%` : price(code.value));

  return (
    <Stack gap="md">
      <ListHeader
        title="dashboard.copouns.title"
        addLabel="dashboard.copouns.add"
        addTo="/dashboard/copouns-actions"
        permission="copoun-create"
      />
      <Group align="end" wrap="wrap">
        <SearchBox value={typed} onChange={type} label={intl.formatMessage({ id: 'dashboard.copouns.search' })} />
        <Select
          clearable
          placeholder={intl.formatMessage({ id: 'dashboard.offers.status' })}
          aria-label={intl.formatMessage({ id: 'dashboard.offers.status' })}
          data={['active', 'inactive', 'expired'].map((value) => ({
            value,
            label: intl.formatMessage({ id: STATUS_LABELS[value] }),
          }))}
          value={status || null}
          onChange={(value) => setFilter('status', value)}
        />
      </Group>
      <div className={cards.scroller}>
        <Table striped className={cards.table}>
          <Table.Tbody>
            {list?.data.map((code) => (
              <Table.Tr key={code.id} data-testid="staff-copoun-row">
                <Table.Td dir="ltr" fw={600}>
                  {code.code}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{worth(code)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <FormattedMessage
                    id={code.usage_limit ? 'dashboard.copouns.used_of' : 'dashboard.copouns.used'}
                    values={{ used: code.used, limit: code.usage_limit ?? 0 }}
                  />
                </Table.Td>
                <Table.Td>{code.expires_at && <FormattedDate value={code.expires_at} {...DAY} />}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOURS[code.status]}>
                    {intl.formatMessage({ id: STATUS_LABELS[code.status] ?? 'dashboard.offers.status.inactive' })}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {hasPermission(user, 'copoun-edit') && (
                      <>
                        <Button
                          variant="subtle"
                          size="compact-sm"
                          onClick={() => toggle.mutate({ id: code.id, active: !code.active }, { onSuccess: done })}
                        >
                          <FormattedMessage
                            id={code.active ? 'dashboard.offers.deactivate' : 'dashboard.offers.activate'}
                          />
                        </Button>
                        <Button
                          component={Link}
                          to={`/dashboard/copouns-actions?id=${code.id}`}
                          variant="subtle"
                          size="compact-sm"
                        >
                          <FormattedMessage id="dashboard.products.edit" />
                        </Button>
                      </>
                    )}
                    {hasPermission(user, 'copoun-delete') && (
                      <DeleteButton name={code.code} onConfirm={() => remove.mutate(code.id, { onSuccess: done })} />
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      <ListPages lastPage={list?.meta.last_page} page={page} onChange={setPage} />
    </Stack>
  );
}
