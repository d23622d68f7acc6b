import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { usePrice } from '../../../shared/format';
import { useLanguage } from '../../../shared/i18n/LanguageProvider';
import { orderRoute } from '../orders/api';
import { lookupQueries } from './api';
import classes from './DashboardLookup.module.css';

/** The dashboard's look-up results (`/dashboard/lookup?q=`): the orders, clients and products a
 * text found, grouped, each one tap from its page. */
export function DashboardLookup() {
  const intl = useIntl();
  const price = usePrice();
  const { language } = useLanguage();
  const [params] = useSearchParams();
  const text = params.get('q') ?? '';
  const found = useQuery(lookupQueries.of(text, language));
  const data = found.data?.data;
  const nothing = data && data.orders.length + data.clients.length + data.products.length === 0;
  return (
    <Stack gap="md">
      <Title order={2}>
        <FormattedMessage id="dashboard.lookup.title" />
      </Title>
      {!text.trim() && (
        <Text c="dimmed">
          <FormattedMessage id="dashboard.lookup.empty" />
        </Text>
      )}
      {nothing && (
        <Text c="dimmed" data-testid="lookup-none">
          <FormattedMessage id="dashboard.lookup.none" values={{ text }} />
        </Text>
      )}
      {data && data.orders.length > 0 && (
        <ResultGroup title="dashboard.lookup.orders" testId="lookup-orders">
          {data.orders.map((order) => (
            <Result
              key={`${order.list}-${order.id}`}
              to={orderRoute(order.list === 'guest-orders' ? 'guest-orders' : 'orders', order.id)}
            >
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={600}>
                  <bdi dir="ltr">{order.number}</bdi>
                </Text>
                <Text>{price(order.total)}</Text>
              </Group>
              <Text size="sm">
                {order.name} · <bdi dir="ltr">{order.phone}</bdi>
              </Text>
              <Group gap={4}>
                <Badge variant="light">{order.status_label}</Badge>
                {order.awaiting_confirmation && (
                  <Badge color="yellow">
                    <FormattedMessage id="dashboard.orders.awaiting_confirmation" />
                  </Badge>
                )}
                {order.list === 'guest-orders' && (
                  <Badge variant="outline" color="gray">
                    <FormattedMessage id="dashboard.lookup.guest" />
                  </Badge>
                )}
              </Group>
            </Result>
          ))}
        </ResultGroup>
      )}
      {data && data.clients.length > 0 && (
        <ResultGroup title="dashboard.lookup.clients" testId="lookup-clients">
          {data.clients.map((client) => (
            <Result key={client.id} to={`/dashboard/users/${client.id}`}>
              <Text fw={600}>{client.name}</Text>
              <Text size="sm">
                <bdi dir="ltr">{client.phone ?? client.email}</bdi>
              </Text>
            </Result>
          ))}
        </ResultGroup>
      )}
      {data && data.products.length > 0 && (
        <ResultGroup title="dashboard.lookup.products" testId="lookup-products">
          {data.products.map((product) => (
            <Result key={product.id} to={`/dashboard/products-actions?id=${product.id}`}>
              <Text fw={600}>{product.name}</Text>
              <Text size="sm" c="dimmed">
                {intl.formatMessage({ id: 'dashboard.lookup.in_stock' }, { count: product.quantity })}
              </Text>
            </Result>
          ))}
        </ResultGroup>
      )}
    </Stack>
  );
}

/** One group of results under its heading. */
function ResultGroup({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Stack gap="xs" data-testid={testId}>
      <Title order={3} size="h4">
        <FormattedMessage id={title} />
      </Title>
      {children}
    </Stack>
  );
}

/** A result: the whole card is the link to its page. */
function Result({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Paper withBorder p="sm" component={Link} to={to} className={classes.result} data-testid="lookup-result">
      <Stack gap={4}>{children}</Stack>
    </Paper>
  );
}
