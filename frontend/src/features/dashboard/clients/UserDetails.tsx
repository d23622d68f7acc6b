import { useState, type ReactNode } from 'react';
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { DAY, MOMENT, usePrice } from '../../../shared/format';
import { hasPermission, useSession } from '../../../shared/session/session';
import { withLoading } from '../../../shared/ui/loading';
import { toast } from '../../../shared/ui/toast';
import { clientQueries, useAddNote, useBlockClient } from './api';
import { STATUS_COLOURS, STATUS_LABELS } from './DashboardUsers';
import { Pages } from '../../../shared/ui/mantine/Pages';
import { PhoneStanding } from '../phones/PhoneStanding';

/** A client's page (`/dashboard/users/{id}`): their profile, group, sales engineer and points,
 * block and unblock, their addresses and orders, and the staff's notes on them. */
export function UserDetails() {
  const intl = useIntl();
  const { id = '' } = useParams();
  const { user } = useSession();
  const client = useQuery(clientQueries.one(id)).data?.data;
  const addresses = useQuery(clientQueries.addresses(id)).data?.data ?? [];
  const block = useBlockClient();
  const note = useAddNote();
  const [typed, setTyped] = useState('');
  if (!client) return null;
  const field = (label: string, value: ReactNode) => (
    <div>
      <Text size="sm" c="dimmed">
        <FormattedMessage id={label} />
      </Text>
      <Text>{value ?? '—'}</Text>
    </div>
  );
  const blocked = client.status === 'blocked';

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{client.name}</Title>
        <Group gap="xs">
          {hasPermission(user, 'client-edit') && (
            <Button component={Link} to={`/dashboard/users-actions?id=${client.id}`} variant="default">
              <FormattedMessage id="dashboard.products.edit" />
            </Button>
          )}
          {hasPermission(user, 'client-block') && (
            <Button
              color={blocked ? 'green' : 'red'}
              variant="light"
              data-testid="block-client"
              onClick={async () => {
                const answer = await withLoading(block.mutateAsync({ id: client.id, blocked: !blocked }));
                toast('success', answer.message);
              }}
            >
              <FormattedMessage id={blocked ? 'dashboard.clients.unblock' : 'dashboard.clients.block'} />
            </Button>
          )}
        </Group>
      </Group>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {field(
            'dashboard.clients.phone',
            client.phone && (
              <Anchor href={`tel:${client.phone}`} dir="ltr">
                {client.phone}
              </Anchor>
            ),
          )}
          {field('dashboard.clients.email', client.email && <bdi dir="ltr">{client.email}</bdi>)}
          {field(
            'dashboard.clients.status',
            <Badge color={STATUS_COLOURS[client.status]}>
              {intl.formatMessage({ id: STATUS_LABELS[client.status] ?? STATUS_LABELS.verified })}
            </Badge>,
          )}
          {field('dashboard.clients.group', client.group?.name)}
          {field('dashboard.clients.city', client.city?.name)}
          {field('dashboard.clients.engineer', client.sales_engineer?.name)}
          {field(
            'dashboard.clients.points',
            hasPermission(user, 'points-list') ? (
              <Anchor component={Link} to={`/dashboard/user-points-actions?user=${client.id}`}>
                <FormattedMessage id="points.balance_value" values={{ points: client.points }} />
              </Anchor>
            ) : (
              <FormattedMessage id="points.balance_value" values={{ points: client.points }} />
            ),
          )}
          {field(
            'dashboard.clients.joined',
            <FormattedDate value={client.created_at} year="numeric" month="long" day="numeric" />,
          )}
        </SimpleGrid>
        {client.phone && client.phone_history && (
          <Stack mt="md">
            <PhoneStanding phone={client.phone} history={client.phone_history} />
          </Stack>
        )}
      </Paper>

      <Title order={3}>
        <FormattedMessage id="dashboard.clients.addresses" />
      </Title>
      {addresses.length === 0 ? (
        <Text c="dimmed">
          <FormattedMessage id="dashboard.clients.no_addresses" />
        </Text>
      ) : (
        addresses.map((address) => (
          <Text key={address.id}>
            {address.shipping_city.name} — {address.address}
          </Text>
        ))
      )}

      {hasPermission(user, 'order-list') && <ClientOrders id={id} />}

      <Title order={3}>
        <FormattedMessage id="dashboard.clients.notes" />
      </Title>
      {hasPermission(user, 'client-edit') && (
        <form
          onSubmit={async (event) => {
            event.preventDefault();
            const answer = await withLoading(note.mutateAsync({ id: client.id, note: typed }));
            toast('success', answer.message);
            setTyped('');
          }}
        >
          <Stack gap="xs" maw={560}>
            <Textarea
              aria-label={intl.formatMessage({ id: 'dashboard.clients.note' })}
              placeholder={intl.formatMessage({ id: 'dashboard.clients.note' })}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
            />
            <div>
              <Button type="submit" variant="light" disabled={!typed.trim()}>
                <FormattedMessage id="dashboard.clients.keep_note" />
              </Button>
            </div>
          </Stack>
        </form>
      )}
      {client.notes.map((kept, index) => (
        <Paper key={index} withBorder p="sm" data-testid="client-note">
          <Text>{kept.body}</Text>
          <Text size="xs" c="dimmed">
            {kept.author} · <FormattedDate value={kept.at} {...MOMENT} />
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}

/** The client's orders, newest first, each leading to its page. */
function ClientOrders({ id }: { id: string }) {
  const price = usePrice();
  const [page, setPage] = useState(1);
  const orders = useQuery(clientQueries.orders(id, page)).data;
  return (
    <>
      <Title order={3}>
        <FormattedMessage id="dashboard.clients.orders" />
      </Title>
      <Table.ScrollContainer minWidth={480}>
        <Table striped>
          <Table.Tbody>
            {orders?.data.map((order) => (
              <Table.Tr key={order.id} data-testid="client-order">
                <Table.Td>
                  <Anchor component={Link} to={`/dashboard/orders-actions?id=${order.id}`} dir="ltr">
                    {order.number}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <FormattedDate value={order.created_at} {...DAY} />
                </Table.Td>
                <Table.Td>{order.status_label}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{price(order.total)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Pages total={orders?.meta.last_page} value={page} onChange={setPage} />
    </>
  );
}
