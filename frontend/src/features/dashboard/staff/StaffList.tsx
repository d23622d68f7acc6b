import { Anchor, Badge, Button, Group, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { hasPermission, useSession } from '../../../shared/session/session';
import { RoleName } from '../../../shared/ui/RoleName';
import { toast } from '../../../shared/ui/toast';
import { DeleteButton } from '../DeleteButton';
import cards from '../ListCards.module.css';
import { ListHeader, ListPages, SearchBox, useListState } from '../FormParts';
import { staffQueries, useDeleteStaff, type StaffKind } from './api';

/** What differs between the admins' screen and the sales engineers'. */
const KINDS = {
  admins: { title: 'dashboard.admins.title', add: 'dashboard.admins.add', permission: 'admin' },
  sales: { title: 'dashboard.sales.title', add: 'dashboard.sales.add', permission: 'sales' },
} as const;

/** The admins (`/dashboard/admins`) or the sales engineers (`/dashboard/sales`): search, each
 * with their access role (and a sales engineer with their clients), edit and remove. */
export function StaffList({ kind }: { kind: StaffKind }) {
  const intl = useIntl();
  const { user } = useSession();
  const { title, add, permission } = KINDS[kind];
  const { typed, type, search, page, setPage } = useListState();
  const list = useQuery(staffQueries.list(kind, search, page)).data;
  const remove = useDeleteStaff(kind);
  return (
    <Stack gap="md">
      <ListHeader
        title={title}
        addLabel={add}
        addTo={`/dashboard/${kind}-actions`}
        permission={`${permission}-create`}
      />
      <SearchBox value={typed} onChange={type} label={intl.formatMessage({ id: 'dashboard.staff.search' })} />
      <div className={cards.scroller}>
        <Table striped className={cards.table}>
          <Table.Tbody>
            {list?.data.map((member) => (
              <Table.Tr key={member.id} data-testid="staff-row">
                <Table.Td fw={600}>
                  {kind === 'sales' ? (
                    <Anchor component={Link} to={`/dashboard/sales/${member.id}`}>
                      {member.name}
                    </Anchor>
                  ) : (
                    member.name
                  )}
                </Table.Td>
                <Table.Td dir="ltr">{member.phone ?? member.email}</Table.Td>
                <Table.Td>
                  {member.access_role && (
                    <Badge variant="light">
                      <RoleName name={member.access_role.name} />
                    </Badge>
                  )}
                </Table.Td>
                {kind === 'sales' && (
                  <Table.Td>
                    <FormattedMessage id="dashboard.sales.clients" values={{ count: member.clients }} />
                  </Table.Td>
                )}
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {hasPermission(user, `${permission}-edit`) && (
                      <Button
                        component={Link}
                        to={`/dashboard/${kind}-actions?id=${member.id}`}
                        variant="subtle"
                        size="compact-sm"
                      >
                        <FormattedMessage id="dashboard.products.edit" />
                      </Button>
                    )}
                    {hasPermission(user, `${permission}-delete`) && member.id !== user?.id && (
                      <DeleteButton
                        name={member.name}
                        onConfirm={() =>
                          remove.mutate(member.id, { onSuccess: (answer) => toast('success', answer.message) })
                        }
                      />
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

/** `/dashboard/admins`. */
export const DashboardAdmins = () => <StaffList kind="admins" />;
/** `/dashboard/sales`. */
export const DashboardSales = () => <StaffList kind="sales" />;
