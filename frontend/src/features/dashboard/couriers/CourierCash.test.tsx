import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../test/server';
import { renderAt } from '../../../test/render';
import { staffUser } from '../../../test/users';
import { applyLanguage } from '../../../shared/i18n/language';
import { session } from '../../../shared/session/session';
import { CourierCash } from './CourierCash';

const parcel = (id: number, amount: number, collected: number | null = amount) => ({
  order_id: id,
  number: `MS-2026-00000${id}`,
  amount,
  collected,
  mismatch: collected !== null && collected !== amount,
  delivered_at: '2026-11-20T10:00:00Z',
});
const said = {
  courier: 'manual',
  courier_name: 'Said',
  total: 250,
  oldest_days: 7,
  parcels: [parcel(1, 100), parcel(2, 150)],
};

beforeEach(() => {
  applyLanguage('en');
});

describe('cash with couriers', () => {
  it('shows what each courier holds and records the payment of the ticked parcels', async () => {
    session.signIn(staffUser(['shipping-list', 'shipping-edit']));
    let held = [said];
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/dashboard/courier-cash', () => HttpResponse.json({ data: held })),
      http.post('*/api/dashboard/courier-cash/remittances', async ({ request }) => {
        const body = (await request.json()) as { amount: number | null };
        sent.push(body);
        if (body.amount === null) {
          return HttpResponse.json(
            { message: 'Invalid', errors: { amount: ['Enter a price in pounds.'] } },
            { status: 422 },
          );
        }
        held = [{ ...said, total: 150, parcels: [parcel(2, 150)] }];
        return HttpResponse.json({ message: 'The payment is recorded.', data: held }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderAt('/dashboard/courier-cash', { '/dashboard/courier-cash': <CourierCash /> });

    const card = await screen.findByTestId('courier-cash');
    expect(within(card).getByText('Said')).toBeInTheDocument();
    expect(within(card).getByText('Oldest: 7 days')).toBeInTheDocument();
    await user.click(within(card).getByRole('checkbox', { name: /MS-2026-000001/ }));
    expect(within(card).getByTestId('remittance-amount')).toHaveValue('100');
    await user.click(within(card).getByRole('checkbox', { name: /MS-2026-000002/ }));
    expect(within(card).getByTestId('remittance-amount')).toHaveValue('250');
    await user.click(within(card).getByRole('checkbox', { name: /MS-2026-000002/ }));
    expect(within(card).getByTestId('remittance-amount')).toHaveValue('100');
    await user.clear(within(card).getByTestId('remittance-amount'));
    await user.type(within(card).getByTestId('remittance-amount'), 'abc');
    await user.click(within(card).getByTestId('record-remittance'));
    expect(await within(card).findByText('Enter a price in pounds.')).toBeInTheDocument();
    await user.clear(within(card).getByTestId('remittance-amount'));
    await user.type(within(card).getByTestId('remittance-amount'), '٩٥');
    await user.click(within(card).getByTestId('record-remittance'));
    await waitFor(() => expect(screen.getAllByTestId('cash-parcel')).toHaveLength(1));
    expect(sent.at(-1)).toEqual({ courier: 'manual', courier_name: 'Said', amount: 95, order_ids: [1], note: '' });
  });

  it('flags a parcel whose collected cash differs from what the courier owes', async () => {
    session.signIn(staffUser(['shipping-list']));
    server.use(
      http.get('*/api/dashboard/courier-cash', () =>
        HttpResponse.json({ data: [{ ...said, parcels: [parcel(1, 100), parcel(2, 150, 200)] }] }),
      ),
    );
    renderAt('/dashboard/courier-cash', { '/dashboard/courier-cash': <CourierCash /> });
    const flags = await screen.findAllByTestId('cash-mismatch');
    expect(flags).toHaveLength(1);
    expect(flags[0]).toHaveTextContent(/collected EGP\s?200/i);
  });

  it('staff who may only look see the cash without the payment form', async () => {
    session.signIn(staffUser(['shipping-list']));
    server.use(http.get('*/api/dashboard/courier-cash', () => HttpResponse.json({ data: [said] })));
    renderAt('/dashboard/courier-cash', { '/dashboard/courier-cash': <CourierCash /> });
    expect(await screen.findByTestId('courier-cash')).toBeInTheDocument();
    expect(screen.queryByTestId('record-remittance')).not.toBeInTheDocument();
  });
});
