import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../test/server';
import { LocationProbe, renderAt } from '../../../test/render';
import { staffUser } from '../../../test/users';
import { applyLanguage } from '../../../shared/i18n/language';
import { session } from '../../../shared/session/session';
import { DashboardLookup } from './DashboardLookup';
import { LookupBox } from './LookupBox';

beforeEach(() => {
  applyLanguage('en');
  session.signIn(staffUser(['order-list', 'guest-order-list', 'client-list', 'product-list']));
});

describe("the dashboard's look-up", () => {
  it('takes the typed text to its own results page, grouped, each result one tap from its page', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/dashboard/lookup', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('q') ?? '');
        return HttpResponse.json({
          data: {
            orders: [
              {
                id: 9,
                number: 'MS-2026-000009',
                list: 'guest-orders',
                name: 'Mona',
                phone: '01112345678',
                total: 450,
                status: 'new',
                status_label: 'New',
                awaiting_confirmation: true,
              },
            ],
            clients: [
              {
                id: 4,
                name: 'Hassan Farmer',
                phone: '01012345678',
                email: null,
                status: 'verified',
                city: null,
                group: null,
                sales_engineer: null,
                points: 0,
                created_at: '2026-11-01T10:00:00Z',
              },
            ],
            products: [],
          },
        });
      }),
    );
    const user = userEvent.setup();
    renderAt('/dashboard/overview', {
      '/dashboard/overview': <LookupBox />,
      '/dashboard/lookup': (
        <>
          <LookupBox />
          <DashboardLookup />
          <LocationProbe />
        </>
      ),
    });
    await user.type(screen.getByLabelText('Look up in the dashboard'), '٠١١١٢٣٤٥٦٧٨{Enter}');
    const orders = await screen.findByTestId('lookup-orders');
    expect(asked).toEqual(['٠١١١٢٣٤٥٦٧٨']);
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/lookup');
    const order = within(orders).getByTestId('lookup-result');
    expect(order).toHaveAttribute('href', '/dashboard/orders-actions?id=9&list=guest');
    expect(order).toHaveTextContent('MS-2026-000009');
    expect(order).toHaveTextContent('Awaiting confirmation');
    expect(within(screen.getByTestId('lookup-clients')).getByTestId('lookup-result')).toHaveAttribute(
      'href',
      '/dashboard/users/4',
    );
    expect(screen.queryByTestId('lookup-products')).toBeNull();
    expect(screen.getByLabelText('Look up in the dashboard')).toHaveValue('٠١١١٢٣٤٥٦٧٨');
  });

  it('says when nothing matches', async () => {
    server.use(
      http.get('*/api/dashboard/lookup', () => HttpResponse.json({ data: { orders: [], clients: [], products: [] } })),
    );
    renderAt('/dashboard/lookup?q=nobody', { '/dashboard/lookup': <DashboardLookup /> });
    await waitFor(() => expect(screen.getByTestId('lookup-none')).toHaveTextContent('Nothing matches “nobody”.'));
  });
});
