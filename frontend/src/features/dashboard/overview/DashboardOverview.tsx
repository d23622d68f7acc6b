import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { usePrice } from '../../../shared/format';
import { useLanguage } from '../../../shared/i18n/LanguageProvider';
import { hasPermission, useSession } from '../../../shared/session/session';
import { RoleName } from '../../../shared/ui/RoleName';
import { overviewQueries, shopToday } from './api';
import { CashFigures } from './CashFigures';
import { CityChart, MonthlyChart, RevenueChart } from './Charts';
import { DateField } from '../DateField';
import classes from './DashboardOverview.module.css';

/** The dashboard's first screen (`/dashboard/overview`): who is signed in, and for staff holding
 * `dashboard-overview` today's and this month's cards, the charts over a range of days (the
 * last twelve months by default, kept in the address) and how its cash orders turned out. */
export function DashboardOverview() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Stack gap="md">
      <Title order={2}>
        <FormattedMessage id="dashboard.overview.title" />
      </Title>
      <Paper withBorder p="md">
        <Text size="lg">
          <FormattedMessage id="dashboard.overview.welcome" values={{ name: user.name }} />
        </Text>
        <Group gap="xs" mt="sm">
          <Badge>
            <FormattedMessage id={`roles.${user.role}`} />
          </Badge>
          {user.access_role && (
            <Badge variant="light">
              <RoleName name={user.access_role} />
            </Badge>
          )}
        </Group>
      </Paper>
      {hasPermission(user, 'dashboard-overview') && <Figures />}
    </Stack>
  );
}

function Figures() {
  const intl = useIntl();
  const price = usePrice();
  const { language } = useLanguage();
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const overview = useQuery(overviewQueries.figures(from, to, '', language)).data?.data;
  const today = shopToday();
  const setDay = (name: 'from' | 'to', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  // Each card opens the list it counts.
  const card = (label: string, value: string, testId: string, to: string) => (
    <Paper withBorder p="md" data-testid={testId} component={Link} to={to} className={classes.card}>
      <Text size="sm" c="dimmed">
        <FormattedMessage id={label} />
      </Text>
      <Text fz={26} fw={700}>
        {value}
      </Text>
    </Paper>
  );
  return (
    <>
      <Group align="end">
        <DateField
          label={intl.formatMessage({ id: 'dashboard.orders.from' })}
          value={from}
          onChange={(day) => setDay('from', day)}
        />
        <DateField
          label={intl.formatMessage({ id: 'dashboard.orders.to' })}
          value={to}
          onChange={(day) => setDay('to', day)}
        />
      </Group>
      {overview && (
        <>
          <SimpleGrid cols={{ base: 2, md: 5 }}>
            {card(
              'dashboard.overview.orders_today',
              intl.formatNumber(overview.cards.orders_today),
              'card-orders-today',
              `/dashboard/orders?from=${today}&to=${today}`,
            )}
            {card(
              'dashboard.overview.revenue_month',
              price(overview.cards.revenue_month),
              'card-revenue-month',
              `/dashboard/delivered-orders?from=${today.slice(0, 8)}01`,
            )}
            {card(
              'dashboard.overview.new_clients_month',
              intl.formatNumber(overview.cards.new_clients_month),
              'card-new-clients',
              '/dashboard/users',
            )}
            {card(
              'dashboard.overview.orders_waiting',
              intl.formatNumber(overview.cards.orders_waiting),
              'card-orders-waiting',
              '/dashboard/new-orders',
            )}
            {card(
              'dashboard.overview.low_stock',
              intl.formatNumber(overview.cards.low_stock),
              'card-low-stock',
              '/dashboard/products',
            )}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <MonthlyChart data={overview} />
            <RevenueChart data={overview} />
            <CityChart data={overview} />
          </SimpleGrid>
          <CashFigures cash={overview.cash} />
        </>
      )}
    </>
  );
}
