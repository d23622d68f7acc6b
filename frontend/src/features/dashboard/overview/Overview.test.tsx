import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../test/server';
import { renderAt } from '../../../test/render';
import { staffUser } from '../../../test/users';
import { applyLanguage } from '../../../shared/i18n/language';
import { session } from '../../../shared/session/session';
import { DashboardOverview } from './DashboardOverview';

beforeEach(() => applyLanguage('en'));

describe('the overview', () => {
  it('shows the cards and the charts to staff who may see them, over the range in the address', async () => {
    session.signIn({ ...staffUser(['dashboard-overview']), access_role: 'Super Admin' });
    let asked: URLSearchParams | null = null;
    server.use(
      http.get('*/api/dashboard/overview', ({ request }) => {
        asked = new URL(request.url).searchParams;
        return HttpResponse.json({
          data: {
            cards: { orders_today: 4, revenue_month: 1250.5, new_clients_month: 2, orders_waiting: 3, low_stock: 1 },
            clients_per_month: [{ month: '2026-11', count: 2 }],
            orders_per_month: [{ month: '2026-11', count: 4 }],
            revenue_per_month: [{ month: '2026-11', total: 1250.5 }],
            orders_per_city: [{ city: { id: 1, name: 'Cairo' }, count: 3 }],
            cash: {
              by_governorate: [
                {
                  id: 1,
                  name: 'Cairo',
                  placed: 3,
                  confirmed: 2,
                  delivered: 1,
                  refused: 1,
                  returned: 0,
                  confirmation_rate: 66.7,
                  refusal_rate: 50,
                  return_rate: 0,
                },
              ],
              by_product: [],
              by_sales_engineer: [],
            },
          },
        });
      }),
    );
    renderAt('/dashboard/overview?from=2026-11-01', { '/dashboard/overview': <DashboardOverview /> });
    expect(await screen.findByTestId('card-orders-today')).toHaveTextContent('4');
    expect(screen.getByTestId('card-revenue-month')).toHaveTextContent('EGP 1,250.50');
    expect(screen.getByTestId('card-orders-waiting')).toHaveTextContent('3');
    // Each card opens the list it counts.
    expect(screen.getByTestId('card-orders-waiting')).toHaveAttribute('href', '/dashboard/new-orders');
    expect(screen.getByTestId('card-orders-today').getAttribute('href')).toMatch(
      /^\/dashboard\/orders\?from=(\d{4}-\d{2}-\d{2})&to=\1$/,
    );
    expect(screen.getByTestId('card-low-stock')).toHaveAttribute('href', '/dashboard/products');
    expect(screen.getByTestId('chart-per-month')).toBeInTheDocument();
    expect(screen.getByTestId('chart-per-city')).toBeInTheDocument();
    expect(screen.getByText('Super Admin')).toBeInTheDocument();
    expect(within(screen.getByTestId('cash-by_governorate')).getByTestId('cash-line')).toHaveTextContent(
      'Cairo366.7%50%0%',
    );
    expect(screen.getByTestId('cash-by_product')).toHaveTextContent('No cash orders in this range.');
    expect(asked!.get('from')).toBe('2026-11-01');
  });

  it('shows a staff member without the permission only who they are', async () => {
    session.signIn(staffUser(['order-list']));
    renderAt('/dashboard/overview', { '/dashboard/overview': <DashboardOverview /> });
    expect(await screen.findByText('Welcome, Staff')).toBeInTheDocument();
    expect(screen.queryByTestId('card-orders-today')).not.toBeInTheDocument();
  });
});
