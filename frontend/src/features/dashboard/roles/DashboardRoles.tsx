import { Badge, Button, Group, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { hasPermission, useSession } from '../../../shared/session/session';
import { RoleName } from '../../../shared/ui/RoleName';
import { toast } from '../../../shared/ui/toast';
import { DeleteButton } from '../DeleteButton';
import cards from '../ListCards.module.css';
import { ListHeader } from '../FormParts';
import { staffQueries, useDeleteRole } from '../staff/api';

/** The access roles (`/dashboard/roles`): each with how many permissions it holds and who
 * holds it; edit, and remove one nobody holds. */
export function DashboardRoles() {
  const { user } = useSession();
  const roles = useQuery(staffQueries.roles()).data?.data;
  const remove = useDeleteRole();
  return (
    <Stack gap="md">
      <ListHeader
        title="dashboard.roles.title"
        addLabel="dashboard.roles.add"
        addTo="/dashboard/roles-actions"
        permission="role-create"
      />
      <div className={cards.scroller}>
        <Table striped className={cards.table}>
          <Table.Tbody>
            {roles?.map((role) => (
              <Table.Tr key={role.id} data-testid="role-row">
                <Table.Td fw={600}>
                  <RoleName name={role.name} />
                  {role.built_in && (
                    <Badge ms="xs" variant="light">
                      <FormattedMessage id="dashboard.roles.built_in" />
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <FormattedMessage
                    id="dashboard.roles.permissions_count"
                    values={{ count: role.permissions.length }}
                  />
                </Table.Td>
                <Table.Td>
                  <FormattedMessage id="dashboard.roles.holders" values={{ count: role.holders }} />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {hasPermission(user, 'role-edit') && (
                      <Button
                        component={Link}
                        to={`/dashboard/roles-actions?id=${role.id}`}
                        variant="subtle"
                        size="compact-sm"
                      >
                        <FormattedMessage id="dashboard.products.edit" />
                      </Button>
                    )}
                    {hasPermission(user, 'role-delete') && !role.built_in && role.holders === 0 && (
                      <DeleteButton
                        name={role.name}
                        onConfirm={() =>
                          remove.mutate(role.id, { onSuccess: (answer) => toast('success', answer.message) })
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
    </Stack>
  );
}
