import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { usePrice } from '../../../shared/format';
import { useLanguage } from '../../../shared/i18n/LanguageProvider';
import { RoleName } from '../../../shared/ui/RoleName';
import { hasPermission, useSession } from '../../../shared/session/session';
import { clientQueries } from '../clients/api';
import { overviewQueries } from '../overview/api';
import { staffQueries } from './api';

/** A sales engineer's profile (`/dashboard/sales/{id}`): who they are, the clients they look
 * after, a link to their orders, and their orders and revenue per month this year. */
export function SalesProfile() {
  const intl = useIntl();
  const price = usePrice();
  const { language } = useLanguage();
  const { id = '' } = useParams();
  const { user } = useSession();
  const engineer = useQuery(staffQueries.one('sales', id)).data?.data;
  const clients = useQuery({
    ...clientQueries.list({ search: '', status: '', city: '', group: '', sales_engineer_id: id, page: 1 }),
    enabled: hasPermission(user, 'client-list'),
  }).data;
  const totals = useQuery({
    ...overviewQueries.figures('', '', id, language),
    enabled: hasPermission(user, 'dashboard-overview'),
  }).data?.data;
  if (!engineer) return null;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{engineer.name}</Title>
        {hasPermission(user, 'order-list') && (
          <Button component={Link} to={`/dashboard/orders?sales_engineer_id=${engineer.id}`} variant="light">
            <FormattedMessage id="dashboard.sales.their_orders" />
          </Button>
        )}
      </Group>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Text dir="ltr" ta="start">
            {engineer.phone ?? engineer.email}
          </Text>
          <Text>{engineer.access_role && <RoleName name={engineer.access_role.name} />}</Text>
          <Text data-testid="engineer-clients">
            <FormattedMessage id="dashboard.sales.clients" values={{ count: engineer.clients }} />
          </Text>
        </SimpleGrid>
      </Paper>
      {totals && (
        <>
          <Title order={3}>
            <FormattedMessage id="dashboard.sales.per_month" />
          </Title>
          <Table.ScrollContainer minWidth={420}>
            <Table striped data-testid="engineer-months">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <FormattedMessage id="dashboard.sales.month" />
                  </Table.Th>
                  <Table.Th>
                    <FormattedMessage id="dashboard.overview.orders" />
                  </Table.Th>
                  <Table.Th>
                    <FormattedMessage id="dashboard.overview.revenue" />
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {totals.orders_per_month.map((month, index) => (
                  <Table.Tr key={month.month}>
                    <Table.Td dir="ltr">{month.month}</Table.Td>
                    <Table.Td>{intl.formatNumber(month.count)}</Table.Td>
                    <Table.Td>{price(totals.revenue_per_month[index]?.total ?? 0)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
      {clients && (
        <>
          <Title order={3}>
            <FormattedMessage id="dashboard.sales.their_clients" />
          </Title>
          {clients.data.map((client) => (
            <Anchor key={client.id} component={Link} to={`/dashboard/users/${client.id}`}>
              {client.name}
            </Anchor>
          ))}
        </>
      )}
    </Stack>
  );
}
