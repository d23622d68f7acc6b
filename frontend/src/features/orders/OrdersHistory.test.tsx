import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/server';
import { renderAt } from '../../test/render';
import { anOrder } from '../../test/orders';
import { verifiedClient } from '../../test/users';
import { applyLanguage } from '../../shared/i18n/language';
import { session } from '../../shared/session/session';
import { OrdersHistory } from './OrdersHistory';

beforeEach(() => {
  applyLanguage('en');
  localStorage.clear();
  session.signIn(verifiedClient);
});

describe('OrdersHistory', () => {
  it('opens on the one order a notification links to, with the way to all of them', async () => {
    server.use(
      http.get('*/api/orders/2', () =>
        HttpResponse.json({ data: anOrder({ id: 2, number: 'MS-2026-000002', status: 'delivered' }) }),
      ),
    );
    renderAt('/account/orders-history?order=2', { '/account/orders-history': <OrdersHistory /> });
    const orders = await screen.findAllByTestId('order-summary');
    expect(orders).toHaveLength(1);
    expect(orders[0]).toHaveTextContent('MS-2026-000002');
    expect(screen.getByTestId('all-orders')).toHaveAttribute('href', '/account/orders-history');
    expect(within(orders[0]!).getByTestId('order-payment')).toHaveTextContent('Paid in cash on delivery.');
    expect(screen.queryByTestId('orders-filter')).toBeNull();
  });

  it('lists the orders with their totals, filters by status and cancels a new one', async () => {
    const asked: string[] = [];
    let cancelled = false;
    const newOrder = () =>
      cancelled
        ? anOrder({ status: 'cancelled', status_label: 'Cancelled', can_cancel: false })
        : anOrder({ shipping_extra: 15, shipping_total: 65, discount: 8, total: 137 });
    const delivered = anOrder({
      id: 2,
      number: 'MS-2026-000002',
      status: 'delivered',
      status_label: 'Delivered',
      can_cancel: false,
    });
    server.use(
      http.get('*/api/orders', ({ request }) => {
        const status = new URL(request.url).searchParams.get('status') ?? '';
        asked.push(status);
        const data = [newOrder(), delivered].filter((order) => !status || order.status === status);
        return HttpResponse.json({ data, meta: { current_page: 1, last_page: 1, per_page: 15, total: data.length } });
      }),
      http.post('*/api/orders/3/cancel', () => {
        cancelled = true;
        return HttpResponse.json({ message: 'The order has been cancelled.', data: newOrder() });
      }),
    );
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderAt('/account/orders-history', { '/account/orders-history': <OrdersHistory /> });

    const orders = await screen.findAllByTestId('order-summary');
    expect(orders).toHaveLength(2);
    const first = within(orders[0]!);
    expect(first.getByText('MS-2026-000003')).toBeInTheDocument();
    expect(first.getByText('Weight extra')).toBeInTheDocument();
    expect(first.getByTestId('order-total')).toHaveTextContent('EGP 137');
    expect(first.getByTestId('order-payment')).toHaveTextContent('To be paid in cash on delivery.');
    expect(within(orders[1]!).queryByRole('button', { name: 'Cancel the order' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Delivered' }));
    await waitFor(() => expect(screen.getAllByTestId('order-summary')).toHaveLength(1));
    expect(asked.at(-1)).toBe('delivered');
    await user.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(screen.getAllByTestId('order-summary')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Cancel the order' }));
    expect(await screen.findByText('The order has been cancelled.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('order-status')[0]).toHaveTextContent('Cancelled'));
    expect(screen.queryByRole('button', { name: 'Cancel the order' })).not.toBeInTheDocument();
  });

  it('asks to return units of a delivered order within its days, with why, and shows where the return stands', async () => {
    let sent: Record<string, unknown> | null = null;
    const requested = {
      id: 5,
      state: 'requested',
      reason: 'Wet seeds',
      asked_at: '2026-11-20T10:00:00Z',
      items: [{ product_id: 1, name: 'Mint seeds', quantity: 1, unit_price: 40 }],
      refund: 40,
      updated_at: '2026-11-20T10:00:00Z',
    };
    const delivered = (returns: (typeof requested)[]) =>
      anOrder({
        status: 'delivered',
        status_label: 'Delivered',
        can_cancel: false,
        returnable_until: '2026-12-04T10:00:00Z',
        returns,
      });
    server.use(
      http.get('*/api/orders', () =>
        HttpResponse.json({
          data: [delivered(sent ? [requested] : [])],
          meta: { current_page: 1, last_page: 1, per_page: 15, total: 1 },
        }),
      ),
      http.post('*/api/orders/3/returns', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(
          { message: 'Your return request is recorded.', data: delivered([requested]) },
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup();
    renderAt('/account/orders-history', { '/account/orders-history': <OrdersHistory /> });

    expect(await screen.findByText('You can ask to return items until 4 December 2026.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Return items' }));
    await user.click(screen.getByRole('button', { name: 'Send the return request' }));
    expect(await screen.findByText('Choose at least one unit to return.')).toBeInTheDocument();
    expect(sent).toBeNull();
    await user.type(screen.getByLabelText('Mint seeds: units to return'), '1');
    await user.type(screen.getByLabelText('Why are you returning them?'), 'Wet seeds');
    await user.click(screen.getByRole('button', { name: 'Send the return request' }));
    await waitFor(() => expect(sent).toEqual({ items: [{ id: 1, quantity: 1 }], reason: 'Wet seeds' }));
    expect(await screen.findByTestId('return-state')).toHaveTextContent('Requested');
    expect(screen.getByTestId('order-return')).toHaveTextContent('Cash back: EGP 40');
  });

  it('orders again: the lines go into the cart, which opens', async () => {
    let sent: unknown = null;
    server.use(
      http.get('*/api/orders', () =>
        HttpResponse.json({ data: [anOrder()], meta: { current_page: 1, last_page: 1, per_page: 15, total: 1 } }),
      ),
      http.post('*/api/cart/transfer', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          data: { products: [], total: 0, total_weight: 0, shipping_value: 0, free_weight: 10, extra_fee_per_kg: 5 },
        });
      }),
    );
    renderAt('/account/orders-history', { '/account/orders-history': <OrdersHistory /> });
    await userEvent.click(await screen.findByTestId('order-again'));
    await waitFor(() => expect(sent).toEqual({ items: [{ id: 1, quantity: 2 }] }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/cart');
  });

  it('says an order awaits the client, by when, and confirms it in a tap', async () => {
    let confirmed = false;
    const awaiting = () =>
      anOrder({
        confirmation: confirmed
          ? { state: 'confirmed', via: 'link' }
          : { state: 'awaiting', confirm_by: '2026-12-03T10:00:00Z' },
      });
    server.use(
      http.get('*/api/orders', () =>
        HttpResponse.json({ data: [awaiting()], meta: { current_page: 1, last_page: 1, per_page: 15, total: 1 } }),
      ),
      http.post('*/api/orders/3/confirm', () => {
        confirmed = true;
        return HttpResponse.json({ message: 'The order is confirmed.', data: awaiting() });
      }),
    );
    renderAt('/account/orders-history', { '/account/orders-history': <OrdersHistory /> });
    const notice = await screen.findByTestId('awaiting-you');
    expect(notice).toHaveTextContent('Awaiting your confirmation. Confirm it before 3 December 2026');
    await userEvent.click(within(notice).getByRole('button', { name: 'I confirm the order' }));
    await waitFor(() => expect(screen.queryByTestId('awaiting-you')).toBeNull());
    expect(confirmed).toBe(true);
  });
});
