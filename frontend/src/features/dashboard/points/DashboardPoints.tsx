import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { hasPermission, useSession } from '../../../shared/session/session';
import { toast } from '../../../shared/ui/toast';
import { DeleteButton } from '../DeleteButton';
import { ListHeader, ListPages, SearchBox, useListState } from '../FormParts';
import { staffPointsQueries, useDeleteRule } from './api';

/** Staff's points (`/dashboard/points`, `/dashboard/user-points`): the exchange rules, each
 * with edit and remove; and the clients with their points, searched by name, phone or e-mail,
 * each leading to their ledger and an adjustment. */
export function DashboardPoints() {
  const intl = useIntl();
  const { user } = useSession();
  const rules = useQuery(staffPointsQueries.rules()).data?.data;
  const { typed, type, search, page, setPage } = useListState();
  const clients = useQuery(staffPointsQueries.clients(search, page)).data;
  const remove = useDeleteRule();

  return (
    <Stack gap="md">
      <ListHeader
        title="dashboard.points.title"
        addLabel="dashboard.points.add_rule"
        addTo="/dashboard/user-points-actions"
        permission="points-create"
      />
      <Title order={3}>
        <FormattedMessage id="dashboard.points.rules" />
      </Title>
      {rules?.length === 0 && (
        <Text>
          <FormattedMessage id="dashboard.points.no_rules" />
        </Text>
      )}
      <Table.ScrollContainer minWidth={480}>
        <Table striped>
          <Table.Tbody>
            {rules?.map((rule) => (
              <Table.Tr key={rule.id} data-testid="points-rule-row">
                <Table.Td>
                  <FormattedMessage id="points.rule_cost" values={{ points: rule.points }} />
                </Table.Td>
                <Table.Td>
                  <FormattedMessage id="points.rule_discount" values={{ discount: rule.discount }} />
                </Table.Td>
                <Table.Td>
                  <Badge color={rule.active ? 'green' : 'gray'}>
                    <FormattedMessage
                      id={rule.active ? 'dashboard.offers.status.active' : 'dashboard.offers.status.inactive'}
                    />
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {hasPermission(user, 'points-edit') && (
                      <Button
                        component={Link}
                        to={`/dashboard/user-points-actions?id=${rule.id}`}
                        variant="subtle"
                        size="compact-sm"
                      >
                        <FormattedMessage id="dashboard.products.edit" />
                      </Button>
                    )}
                    {hasPermission(user, 'points-delete') && (
                      <DeleteButton
                        name={intl.formatMessage({ id: 'points.rule_discount' }, { discount: rule.discount })}
                        onConfirm={() =>
                          remove.mutate(rule.id, { onSuccess: (answer) => toast('success', answer.message) })
                        }
                      />
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Title order={3}>
        <FormattedMessage id="dashboard.points.clients" />
      </Title>
      <SearchBox value={typed} onChange={type} label={intl.formatMessage({ id: 'dashboard.points.search' })} />
      <Table.ScrollContainer minWidth={560}>
        <Table striped>
          <Table.Tbody>
            {clients?.data.map((client) => (
              <Table.Tr key={client.user_id} data-testid="client-points-row">
                <Table.Td>{client.name}</Table.Td>
                <Table.Td dir="ltr">{client.phone ?? client.email}</Table.Td>
                <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
                  <FormattedMessage id="points.balance_value" values={{ points: client.points }} />
                </Table.Td>
                <Table.Td>
                  <Button
                    component={Link}
                    to={`/dashboard/user-points-actions?user=${client.user_id}`}
                    variant="subtle"
                    size="compact-sm"
                  >
                    <FormattedMessage id="dashboard.points.open" />
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListPages lastPage={clients?.meta.last_page} page={page} onChange={setPage} />
    </Stack>
  );
}
