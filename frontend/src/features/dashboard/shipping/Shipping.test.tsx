import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/server';
import { renderAt } from '../../../test/render';
import { staffUser } from '../../../test/users';
import { applyLanguage } from '../../../shared/i18n/language';
import { session } from '../../../shared/session/session';
import { DashboardShipping } from './DashboardShipping';
import { ShippingActions } from './ShippingActions';

beforeEach(() => {
  applyLanguage('en');
});

describe('shipping city screens', () => {
  it('search the cities and remove one, saying what the server did', async () => {
    const cod = { accepted: true, fee_kind: 'none', fee: 0 };
    const percent = { accepted: true, fee_kind: 'percent', fee: 1.5 };
    session.signIn(staffUser(['shipping-list', 'shipping-delete']));
    const searched: string[] = [];
    server.use(
      http.get('*/api/dashboard/shipping-cities', ({ request }) => {
        const search = new URL(request.url).searchParams.get('search') ?? '';
        searched.push(search);
        const cities = [
          { id: 1, name_ar: 'القاهرة', name_en: 'Cairo', shipping_cost: 50, cod, active: true, sort_order: 1 },
          { id: 2, name_ar: 'الجيزة', name_en: 'Giza', shipping_cost: 45, cod: percent, active: false, sort_order: 2 },
        ].filter((city) => city.name_en.toLowerCase().includes(search.toLowerCase()));
        return HttpResponse.json({ data: cities, meta: { current_page: 1, last_page: 1, per_page: 30, total: 2 } });
      }),
      http.delete('*/api/dashboard/shipping-cities/2', () =>
        HttpResponse.json({ message: 'The city is used by addresses or orders, so it was switched off.' }),
      ),
    );
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderAt('/dashboard/shipping', { '/dashboard/shipping': <DashboardShipping /> });

    expect(await screen.findAllByTestId('staff-city-row')).toHaveLength(2);
    expect(screen.getAllByTestId('staff-city-cod').map((cell) => cell.textContent)).toEqual([
      'Cash, no fee',
      'Cash, fee 1.5%',
    ]);
    expect(screen.queryByRole('link', { name: 'Add a governorate' }), 'no shipping-create').not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Search by name' }), 'giz');
    await waitFor(() => expect(screen.getAllByTestId('staff-city-row')).toHaveLength(1));
    expect(searched.at(-1)).toBe('giz');
    const giza = screen.getByTestId('staff-city-row');
    expect(giza).toHaveTextContent('Switched off');
    await user.click(within(giza).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('The city is used by addresses or orders, so it was switched off.'),
    ).toBeInTheDocument();
  });

  it('add a city with its names and cost, and show the field the server refused', async () => {
    session.signIn(staffUser(['shipping-list', 'shipping-create']));
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/dashboard/shipping-cities', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return body.shipping_cost === 'free'
          ? HttpResponse.json(
              { message: 'Enter a cost', errors: { shipping_cost: ['Enter a cost in EGP'] } },
              { status: 422 },
            )
          : HttpResponse.json({ message: 'The city has been saved.' });
      }),
    );
    const user = userEvent.setup();
    renderAt('/dashboard/shipping-actions', { '/dashboard/shipping-actions': <ShippingActions /> });

    await user.type(screen.getByLabelText('Name in Arabic'), 'سيوة');
    await user.type(screen.getByLabelText('Name in English'), 'Siwa');
    await user.type(screen.getByLabelText('Base shipping cost (EGP)'), 'free');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a cost in EGP')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Base shipping cost (EGP)'));
    await user.type(screen.getByLabelText('Base shipping cost (EGP)'), '٧٠');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/shipping');
    expect(sent.at(-1)).toEqual({
      name_ar: 'سيوة',
      name_en: 'Siwa',
      shipping_cost: '٧٠',
      cod_accepted: true,
      cod_fee_kind: 'none',
      cod_fee: '',
      active: true,
    });
  });

  it.each([
    ['a percent fee', ['percent', '1.5'], { cod_accepted: true, cod_fee_kind: 'percent', cod_fee: '1.5' }],
    ['no cash on delivery', null, { cod_accepted: false }],
  ])("sets a city's cash-on-delivery terms: %s", async (_, fee, expected) => {
    session.signIn(staffUser(['shipping-list', 'shipping-create']));
    const sent: Array<Record<string, unknown>> = [];
    server.use(
      http.post('*/api/dashboard/shipping-cities', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ message: 'The city has been saved.' });
      }),
    );
    const user = userEvent.setup();
    renderAt('/dashboard/shipping-actions', { '/dashboard/shipping-actions': <ShippingActions /> });

    await user.type(screen.getByLabelText('Name in Arabic'), 'الأقصر');
    await user.type(screen.getByLabelText('Name in English'), 'Luxor');
    await user.type(screen.getByLabelText('Base shipping cost (EGP)'), '60');
    expect(screen.queryByLabelText('Fee (EGP)'), 'no amount without a fee').not.toBeInTheDocument();
    if (fee) {
      await user.selectOptions(screen.getByLabelText('Cash on delivery fee'), fee[0]!);
      await user.type(screen.getByLabelText('Fee (% of goods and shipping)'), fee[1]!);
    } else {
      await user.click(screen.getByLabelText('Buyers here can pay cash on delivery'));
      expect(screen.queryByLabelText('Cash on delivery fee'), 'no fee where there is no cash').not.toBeInTheDocument();
    }
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject(expected);
  });
});
