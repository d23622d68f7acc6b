import { Paper, Title } from '@mantine/core';
import type { ReactElement } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { usePrice } from '../../../shared/format';
import type { OverviewData } from './api';

/** A chart's frame: its title and a box the chart fills (charts read left to right in both
 * languages, as the months run). */
function Frame({ title, testId, children }: { title: string; testId: string; children: ReactElement }) {
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Title order={4} mb="sm">
        <FormattedMessage id={title} />
      </Title>
      <div dir="ltr" style={{ width: '100%', height: 260 }}>
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
    </Paper>
  );
}

/** A month (`2026-11`) by its name and year, in the page's language ("Nov 26"). */
function useMonthName(): (month: string) => string {
  const intl = useIntl();
  return (month) =>
    /^\d{4}-\d{2}$/.test(month)
      ? intl.formatDate(`${month}-01T00:00:00Z`, { month: 'short', year: '2-digit', timeZone: 'UTC' })
      : month;
}

/** Clients and orders per month, side by side. */
export function MonthlyChart({ data }: { data: OverviewData }) {
  const intl = useIntl();
  const monthName = useMonthName();
  const rows = data.orders_per_month.map((month, index) => ({
    month: month.month,
    orders: month.count,
    clients: data.clients_per_month[index]?.count ?? 0,
  }));
  return (
    <Frame title="dashboard.overview.per_month" testId="chart-per-month">
      <BarChart data={rows}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="month" tickFormatter={monthName} />
        <YAxis allowDecimals={false} />
        <Tooltip labelFormatter={(month) => monthName(String(month))} />
        <Legend />
        <Bar dataKey="orders" name={intl.formatMessage({ id: 'dashboard.overview.orders' })} fill="#2b8a3e" />
        <Bar dataKey="clients" name={intl.formatMessage({ id: 'dashboard.overview.clients' })} fill="#1971c2" />
      </BarChart>
    </Frame>
  );
}

/** Revenue per month, its axis in pounds (shortened: 12K). */
export function RevenueChart({ data }: { data: OverviewData }) {
  const intl = useIntl();
  const price = usePrice();
  const monthName = useMonthName();
  return (
    <Frame title="dashboard.overview.revenue_per_month" testId="chart-revenue">
      <LineChart data={data.revenue_per_month}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="month" tickFormatter={monthName} />
        <YAxis
          width={64}
          tickFormatter={(value: number) => intl.formatNumber(value, { notation: 'compact' })}
          label={{
            value: intl.formatMessage({ id: 'dashboard.overview.revenue_axis' }),
            angle: -90,
            position: 'insideLeft',
          }}
        />
        <Tooltip formatter={(value) => price(Number(value))} labelFormatter={(month) => monthName(String(month))} />
        <Line
          type="monotone"
          dataKey="total"
          name={intl.formatMessage({ id: 'dashboard.overview.revenue' })}
          stroke="#2b8a3e"
          strokeWidth={2}
        />
      </LineChart>
    </Frame>
  );
}

/** Orders per city, most first. */
export function CityChart({ data }: { data: OverviewData }) {
  const intl = useIntl();
  const rows = data.orders_per_city.slice(0, 12).map((row) => ({ city: row.city.name, orders: row.count }));
  return (
    <Frame title="dashboard.overview.per_city" testId="chart-per-city">
      <BarChart data={rows} layout="vertical" margin={{ left: 40 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis type="number" allowDecimals={false} />
        <YAxis type="category" dataKey="city" width={110} />
        <Tooltip />
        <Bar dataKey="orders" name={intl.formatMessage({ id: 'dashboard.overview.orders' })} fill="#e8590c" />
      </BarChart>
    </Frame>
  );
}
