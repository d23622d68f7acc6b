import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import { downloadFile } from '../../../shared/api/download';
import { MOMENT, usePrice } from '../../../shared/format';
import { useLanguage } from '../../../shared/i18n/LanguageProvider';
import { hasPermission, useSession } from '../../../shared/session/session';
import { CityPicker } from '../../../shared/ui/CityPicker';
import { toast } from '../../../shared/ui/toast';
import { useBuyerWhatsApp } from './whatsapp';
import { ListFilters, ListPages, SearchBox, useListState } from '../FormParts';
import { DateField } from '../DateField';
import classes from './StaffOrders.module.css';
import {
  MOVE_QUESTIONS,
  ORDER_LISTS,
  ordersExport,
  listRoute,
  orderRoute,
  staffOrderQueries,
  useOrderChanges,
  type OrderList,
} from './api';

/** The orders' table, which the status tabs fill. */
const ORDER_LIST_ID = 'order-list';

// Written out so the message-id test sees every id.
const STATUS_LABELS: Record<string, string> = {
  awaiting: 'dashboard.orders.awaiting_confirmation',
  '': 'orders.filter.all',
  new: 'orders.filter.new',
  on_delivery: 'orders.filter.on_delivery',
  delivered: 'orders.filter.delivered',
  cancelled: 'orders.filter.cancelled',
};
const STATUS_COLOURS: Record<string, string> = {
  new: 'blue',
  on_delivery: 'orange',
  delivered: 'green',
  cancelled: 'gray',
};
const SOURCE_LABELS: Record<string, string> = {
  web: 'dashboard.orders.source.web',
  sales: 'dashboard.orders.source.sales',
  guest: 'dashboard.orders.source.guest',
  whatsapp: 'dashboard.orders.source.whatsapp',
};
const MOVES = ['on_delivery', 'delivered', 'cancelled'];
// The move a card offers on a phone: never a cancellation, which needs the order's page.
const NEXT_MOVES: Record<string, string> = {
  on_delivery: 'dashboard.orders.to_on_delivery',
  delivered: 'dashboard.orders.to_delivered',
};
/** The server counts each status up to this many, which then means "this many or more". */
const COUNT_CAP = 10_000;
/** A search lists and counts at most its newest this many matches (`more_matches` says there are more). */
const SEARCH_WINDOW = 500;

/** The screen of one of the spec's order routes (`/dashboard/new-orders`, …). */
export function orderListScreen(name: string) {
  const list: OrderList = ORDER_LISTS[name] ?? {
    audience: 'orders',
    status: '',
    source: '',
    title: 'dashboard.orders.title',
  };
  return function OrderListScreen() {
    return <StaffOrders list={list} />;
  };
}

/** Staff's orders, one list for every order route: the route fixes the status or source; tabs
 * with counts per status, search (number, name, phone, product), source, city and dates, pages,
 * the CSV export, and a status change for the selected orders. */
export function StaffOrders({ list }: { list: OrderList }) {
  const intl = useIntl();
  const price = usePrice();
  const navigate = useNavigate();
  const { language } = useLanguage();
  const { user } = useSession();
  const { typed, type, search, page, setPage, filter, setFilter } = useListState({
    source: '',
    city: '',
    from: '',
    to: '',
    sales_engineer_id: '',
    confirmation: '',
  });
  const guests = list.audience === 'guest-orders';
  const filters = {
    status: list.status,
    source: list.source || filter('source'),
    city: filter('city'),
    from: filter('from'),
    to: filter('to'),
    sales_engineer_id: filter('sales_engineer_id'),
    confirmation: filter('confirmation'),
    search,
  };
  const orders = useQuery(staffOrderQueries.list(list.audience, language, { ...filters, page })).data;
  const changes = useOrderChanges(list.audience);
  const [selected, setSelected] = useState<number[]>([]);
  const [move, setMove] = useState('');
  const mayMove = hasPermission(user, guests ? 'guest-order-edit' : 'order-status');
  // The status tabs, awaiting confirmation first: the calls to make before anything ships. A
  // list of one source has no tabs and keeps the filter.
  const tabbed = !list.source;
  // What a phone's filter button counts.
  const filterNames: Array<'source' | 'city' | 'from' | 'to' | 'confirmation'> = ['source', 'city', 'from', 'to'];
  if (!tabbed) filterNames.push('confirmation');
  const filtersSet = filterNames.filter((name) => filter(name)).length;
  const counts = orders?.counts;
  const total = counts ? counts.new + counts.on_delivery + counts.delivered + counts.cancelled : undefined;
  const tabCount = (tab: string) =>
    tab === 'awaiting'
      ? (counts?.awaiting ?? 0)
      : tab
        ? (counts?.[tab as 'new' | 'on_delivery' | 'delivered' | 'cancelled'] ?? 0)
        : (total ?? 0);
  const currentTab = filter('confirmation') === 'awaiting' ? 'awaiting' : list.status || 'all';

  const counted = (count: number) =>
    count >= COUNT_CAP ? `${intl.formatNumber(COUNT_CAP)}+` : intl.formatNumber(count);

  const applyMove = () => {
    if (!move || selected.length === 0) return;
    changes.bulk.mutate(
      { ids: selected, status: move },
      {
        onSuccess: (answer) => {
          if (answer.changed.length > 0) toast('success', answer.message);
          answer.refused.forEach((refusal) => toast('error', refusal.message));
          setSelected([]);
        },
      },
    );
  };

  // A card's next move asks first, as the order page's do.
  const moveOne = (order: { id: number; number: string }, status: string) => {
    if (!window.confirm(intl.formatMessage({ id: MOVE_QUESTIONS[status] }, { number: order.number }))) return;
    changes.status.mutate(
      { id: order.id, status, note: '' },
      { onSuccess: (answer) => toast('success', answer.message ?? '') },
    );
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>
          <FormattedMessage id={list.title} />
        </Title>
        {list.source === 'sales' && hasPermission(user, 'order-create') && (
          <Button component={Link} to="/dashboard/sales-orders-actions" data-testid="new-sales-order">
            <FormattedMessage id="dashboard.sales_order.new" />
          </Button>
        )}
        <Button
          variant="default"
          onClick={() =>
            downloadFile(ordersExport(list.audience, filters), `${list.audience}.csv`, {
              done: intl.formatMessage({ id: 'dashboard.orders.exported' }),
              failed: intl.formatMessage({ id: 'dashboard.orders.export_failed' }),
            })
          }
          data-testid="orders-export"
        >
          <FormattedMessage id="dashboard.orders.export" />
        </Button>
      </Group>
      {tabbed && (
        <Tabs
          value={currentTab}
          onChange={(value) =>
            navigate(
              value === 'awaiting'
                ? `${listRoute(list.audience, '')}?confirmation=awaiting`
                : listRoute(list.audience, value === 'all' || !value ? '' : value),
            )
          }
        >
          <Tabs.List className={classes.tabs}>
            {['awaiting', '', 'new', 'on_delivery', 'delivered', 'cancelled'].map((tab) => (
              <Tabs.Tab
                key={tab}
                value={tab || 'all'}
                // Each tab is a screen of its own (a route) that fills the list below, not one
                // of Mantine's panels.
                aria-controls={ORDER_LIST_ID}
                className={classes.tab}
                data-testid={`orders-tab-${tab || 'all'}`}
              >
                {/* The count under the word, so that neither is drawn over the other. */}
                <span className={classes.tabLabel}>
                  <FormattedMessage id={STATUS_LABELS[tab]} />
                  <Badge
                    size="sm"
                    variant={tab === 'awaiting' && tabCount(tab) > 0 ? 'filled' : 'light'}
                    color={tab === 'awaiting' ? 'yellow' : undefined}
                    component="span"
                    data-testid="tab-count"
                  >
                    {counted(tabCount(tab))}
                  </Badge>
                </span>
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      )}
      <ListFilters
        search={
          <SearchBox value={typed} onChange={type} label={intl.formatMessage({ id: 'dashboard.orders.search' })} />
        }
        set={filtersSet}
      >
        {!list.source && (
          <Select
            clearable
            w={160}
            placeholder={intl.formatMessage({ id: 'dashboard.orders.source' })}
            aria-label={intl.formatMessage({ id: 'dashboard.orders.source' })}
            data={(guests ? ['guest', 'whatsapp'] : ['web', 'sales']).map((value) => ({
              value,
              label: intl.formatMessage({ id: SOURCE_LABELS[value] }),
            }))}
            value={filter('source') || null}
            onChange={(value) => setFilter('source', value)}
          />
        )}
        <CityPicker
          style={{ inlineSize: 200 }}
          value={filter('city')}
          onChange={(event) => setFilter('city', event.currentTarget.value || null)}
        />
        <DateField
          label={intl.formatMessage({ id: 'dashboard.orders.from' })}
          value={filter('from')}
          onChange={(day) => setFilter('from', day || null)}
        />
        <DateField
          label={intl.formatMessage({ id: 'dashboard.orders.to' })}
          value={filter('to')}
          onChange={(day) => setFilter('to', day || null)}
        />
        {!tabbed && (
          <Checkbox
            label={intl.formatMessage({ id: 'dashboard.orders.awaiting_only' })}
            checked={filter('confirmation') === 'awaiting'}
            onChange={(event) => setFilter('confirmation', event.currentTarget.checked ? 'awaiting' : null)}
            data-testid="awaiting-only"
          />
        )}
      </ListFilters>
      {orders?.more_matches && (
        <Alert color="yellow" data-testid="orders-more-matches">
          <FormattedMessage id="dashboard.orders.more_matches" values={{ count: intl.formatNumber(SEARCH_WINDOW) }} />
        </Alert>
      )}
      {mayMove && selected.length > 0 && (
        <Group wrap="wrap" data-testid="bulk-bar">
          <Text size="sm">
            <FormattedMessage id="dashboard.orders.selected" values={{ count: selected.length }} />
          </Text>
          <NativeSelect
            w={180}
            aria-label={intl.formatMessage({ id: 'dashboard.orders.move_to' })}
            data={[
              { value: '', label: intl.formatMessage({ id: 'dashboard.orders.move_to' }) },
              ...MOVES.map((value) => ({ value, label: intl.formatMessage({ id: STATUS_LABELS[value] }) })),
            ]}
            value={move}
            onChange={(event) => setMove(event.currentTarget.value)}
          />
          <Button onClick={applyMove} disabled={!move} loading={changes.bulk.isPending} data-testid="bulk-apply">
            <FormattedMessage id="dashboard.orders.apply" />
          </Button>
        </Group>
      )}
      {orders?.data.length === 0 && (
        <Text c="dimmed" data-testid="orders-none">
          <FormattedMessage id="dashboard.orders.none" />
        </Text>
      )}
      <div className={classes.scroller}>
        <Table striped id={ORDER_LIST_ID} className={classes.table}>
          <Table.Tbody>
            {orders?.data.map((order) => (
              <Table.Tr key={order.id} data-testid="staff-order-row">
                {mayMove && (
                  <Table.Td>
                    <Checkbox
                      size="md"
                      aria-label={order.number}
                      checked={selected.includes(order.id)}
                      onChange={(event) =>
                        setSelected((ids) =>
                          event.currentTarget.checked ? [...ids, order.id] : ids.filter((id) => id !== order.id),
                        )
                      }
                    />
                  </Table.Td>
                )}
                <Table.Td>
                  <Anchor component={Link} to={orderRoute(list.audience, order.id)} fw={600}>
                    <bdi dir="ltr">{order.number}</bdi>
                  </Anchor>
                </Table.Td>
                <Table.Td className={classes.oneLine}>
                  <FormattedDate value={order.created_at} {...MOMENT} />
                </Table.Td>
                <Table.Td className={classes.wide}>
                  <Text size="sm">{order.customer.name}</Text>
                  <Anchor href={`tel:${order.customer.phone}`} size="sm" dir="ltr">
                    {order.customer.phone}
                  </Anchor>
                </Table.Td>
                <Table.Td>{order.address.city.name}</Table.Td>
                <Table.Td className={classes.oneLine}>{price(order.total)}</Table.Td>
                <Table.Td className={classes.wide}>
                  <Badge color={STATUS_COLOURS[order.status]} data-testid="staff-order-status">
                    {order.status_label}
                  </Badge>
                  {order.confirmation.state === 'awaiting' && (
                    <Badge color="yellow" ms={4} data-testid="awaiting-confirmation">
                      <FormattedMessage id="dashboard.orders.awaiting_confirmation" />
                    </Badge>
                  )}
                  {order.cancelled_as === 'refused' && (
                    <Badge color="orange.9" ms={4} data-testid="refused">
                      <FormattedMessage id="dashboard.orders.refused" />
                    </Badge>
                  )}
                  {order.failed_attempts.length > 0 && order.status === 'on_delivery' && (
                    <Badge color="orange.9" ms={4} data-testid="failed-attempts">
                      <FormattedMessage
                        id="dashboard.orders.failed_attempts"
                        values={{ count: order.failed_attempts.length }}
                      />
                    </Badge>
                  )}
                </Table.Td>
                {order.confirmation.state === 'awaiting' ? (
                  <Table.Td className={classes.nextMove}>
                    <CallToConfirm order={order} />
                  </Table.Td>
                ) : (
                  mayMove && (
                    <Table.Td className={classes.nextMove}>
                      <NextMove
                        order={order}
                        onMove={(status) => moveOne(order, status)}
                        pending={changes.status.isPending}
                      />
                    </Table.Td>
                  )
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      <ListPages lastPage={orders?.meta.last_page} page={page} onChange={setPage} />
    </Stack>
  );
}

/** An unconfirmed order card's first step: call the buyer (or write on WhatsApp, the order and
 * its total already written), then confirm on the order's page. */
function CallToConfirm({
  order,
}: {
  order: { number: string; total: number; customer: { name: string; phone: string } };
}) {
  const buyerWhatsApp = useBuyerWhatsApp();
  return (
    <Group gap="xs" wrap="nowrap" className={classes.contact}>
      <Button component="a" href={`tel:${order.customer.phone}`} data-testid="card-call">
        <FormattedMessage id="dashboard.orders.call_to_confirm" />
      </Button>
      <Button
        component="a"
        variant="light"
        color="green"
        href={buyerWhatsApp(order)}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="card-whatsapp"
      >
        <FormattedMessage id="dashboard.orders.whatsapp" />
      </Button>
    </Group>
  );
}

/** An order card's next move along the state machine, if it has one besides cancelling. */
function NextMove({
  order,
  onMove,
  pending,
}: {
  order: { next_statuses: string[] };
  onMove: (status: string) => void;
  pending: boolean;
}) {
  const next = order.next_statuses.find((status) => status in NEXT_MOVES);
  if (!next) return null;
  return (
    <Button variant="light" loading={pending} onClick={() => onMove(next)} data-testid="card-next-move">
      <FormattedMessage id={NEXT_MOVES[next]} />
    </Button>
  );
}
