import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/server';
import { LocationProbe, renderAt } from '../../../test/render';
import { anOrder } from '../../../test/orders';
import { staffUser } from '../../../test/users';
import { applyLanguage } from '../../../shared/i18n/language';
import { session } from '../../../shared/session/session';
import { OrdersActions } from './OrdersActions';
import { orderListScreen } from './StaffOrders';

/** An order as staff see it. */
function staffOrder(changes: Record<string, unknown> = {}) {
  return {
    ...anOrder(),
    user_id: 7,
    sales_engineer: { id: 2, name: 'Hany' },
    staff_notes: [] as Array<{ author_id: number; author_name: string; body: string; at: string }>,
    next_statuses: ['on_delivery', 'cancelled'],
    story: [] as Array<{ kind: string; at: string; name: string | null; text: string; note: string | null }>,
    ...changes,
  };
}

const counts = { new: 1, on_delivery: 4, delivered: 9, cancelled: 2, awaiting: 1 };
const meta = { current_page: 1, last_page: 1, per_page: 20, total: 1 };

beforeEach(() => {
  applyLanguage('en');
  session.signIn(staffUser(['order-list', 'order-status', 'order-edit', 'guest-order-list']));
  server.use(
    http.get('*/api/shipping-cities', () => HttpResponse.json({ data: [{ id: 2, name: 'Giza', shipping_cost: 50 }] })),
  );
});

describe('staff order screens', () => {
  it('asks before each move, and a "no" moves nothing', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/dashboard/orders/3', () => HttpResponse.json({ data: staffOrder() })),
      http.post('*/api/dashboard/orders/3/status', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: 'Done.', data: staffOrder({ status: 'on_delivery', next_statuses: [] }) });
      }),
    );
    const asked: string[] = [];
    const answers = [false, true];
    const confirm = vi.spyOn(window, 'confirm').mockImplementation((message) => {
      asked.push(String(message));
      return answers.shift() ?? false;
    });
    renderAt('/dashboard/orders-actions?id=3', { '/dashboard/orders-actions': <OrdersActions /> });
    await userEvent.click(await screen.findByTestId('move-on_delivery'));
    expect(sent).toEqual([]);
    await userEvent.click(screen.getByTestId('move-on_delivery'));
    await waitFor(() => expect(sent).toEqual([{ status: 'on_delivery', note: null }]));
    expect(asked).toEqual(['Hand order MS-2026-000003 to the courier?', 'Hand order MS-2026-000003 to the courier?']);
    confirm.mockRestore();
  });

  it('shows an order awaiting confirmation and records the call that confirmed it', async () => {
    const sent: unknown[] = [];
    let order = staffOrder();
    server.use(
      http.get('*/api/dashboard/orders/3', () => HttpResponse.json({ data: order })),
      http.post('*/api/dashboard/orders/3/confirm', async ({ request }) => {
        sent.push(await request.json());
        order = staffOrder({
          confirmation: { state: 'confirmed', via: 'call', at: '2026-11-20T11:00:00Z', by: 1 },
          story: [
            { kind: 'order.created', at: '2026-11-20T10:00:00Z', name: null, text: 'Placed, EGP 450.00', note: null },
            {
              kind: 'order.confirmed',
              at: '2026-11-20T11:00:00Z',
              name: 'Sara',
              text: 'Confirmed on a call',
              note: null,
            },
          ],
        });
        return HttpResponse.json({ message: 'The order is confirmed.', data: order });
      }),
    );
    order = staffOrder({
      phone_history: { orders: 5, delivered: 1, cancelled: 4, never_confirmed: 2, refused: 1, not_ordered: 1 },
    });
    renderAt('/dashboard/orders-actions?id=3', { '/dashboard/orders-actions': <OrdersActions /> });
    expect(await screen.findByTestId('phone-history')).toHaveTextContent(
      'This phone: 5 orders, 1 delivered, 4 cancelled (2 never confirmed, 1 refused, 1 its owner never placed)',
    );
    const confirmation = await screen.findByTestId('order-confirmation');
    expect(confirmation).toHaveTextContent('Awaiting confirmation');
    // The confirm buttons sit right under the buyer's phone, above the phone's band, whose
    // editor waits folded behind its button.
    const standing = screen.getByTestId('phone-standing');
    expect(confirmation.compareDocumentPosition(standing) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByTestId('band-editor')).toBeNull();
    const whatsApp = screen.getByTestId('whatsapp-customer');
    const link = new URL(whatsApp.getAttribute('href') ?? '');
    expect(link.origin + link.pathname).toBe(`https://wa.me/2${order.customer.phone.replace(/\D/g, '')}`);
    expect(link.searchParams.get('text')).toContain(order.number);
    await userEvent.click(within(confirmation).getByRole('button', { name: 'Confirmed by phone' }));
    await waitFor(() => expect(screen.getByTestId('order-confirmation')).toHaveTextContent(/^Confirmed by phone, /));
    expect(screen.queryByRole('button', { name: 'Confirmed on WhatsApp' })).toBeNull();
    expect(sent).toEqual([{ via: 'call' }]);
    // The history card tells the whole story, each line with who.
    const story = screen.getAllByTestId('history-item');
    expect(story.map((line) => line.textContent)).toEqual([
      expect.stringContaining('Placed, EGP 450.00'),
      expect.stringMatching(/Confirmed on a call.*Sara/),
    ]);
  });

  it('records a failed delivery with its reason, asking for the reason first, and shows the attempts', async () => {
    const sent: unknown[] = [];
    let order = staffOrder({ status: 'on_delivery', next_statuses: ['delivered', 'cancelled'] });
    server.use(
      http.get('*/api/dashboard/orders/3', () => HttpResponse.json({ data: order })),
      http.post('*/api/dashboard/orders/3/delivery-attempts', async ({ request }) => {
        sent.push(await request.json());
        order = {
          ...order,
          failed_attempts: [{ attempt: 1, at: '2026-11-21T09:30:00Z', reason: 'phone switched off', by: 1 }],
        };
        return HttpResponse.json({ message: 'The failed delivery attempt is recorded.', data: order });
      }),
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderAt('/dashboard/orders-actions?id=3', { '/dashboard/orders-actions': <OrdersActions /> });
    await user.click(await screen.findByTestId('record-attempt'));
    expect(await screen.findByText('Write the reason here first.')).toBeVisible();
    expect(confirm).not.toHaveBeenCalled();
    await user.click(
      within(screen.getByTestId('usual-reasons')).getByRole('checkbox', { name: 'Nobody was at the address' }),
    );
    expect(screen.getByLabelText(/^Note for the history/)).toHaveValue('Nobody was at the address');
    await user.clear(screen.getByLabelText(/^Note for the history/));
    await user.type(screen.getByLabelText(/^Note for the history/), '  phone switched off ');
    expect(screen.queryByText('Write the reason here first.')).toBeNull();
    await user.click(screen.getByTestId('record-attempt'));
    await waitFor(() => expect(sent).toEqual([{ reason: 'phone switched off' }]));
    expect(confirm).toHaveBeenCalledWith(
      'Record a failed delivery of order MS-2026-000003? The buyer is asked by SMS to set the address or time.',
    );
    expect(await screen.findByTestId('failed-attempt')).toHaveTextContent(
      /^Delivery attempt 1 failed on .+\. — phone switched off$/,
    );
    expect(screen.getByTestId('record-refusal')).toHaveTextContent('Refused at the door');
    confirm.mockRestore();
  });

  it('hands a confirmed order to the staff courier, showing the server refusal under its field', async () => {
    const sent: unknown[] = [];
    const confirmed = { state: 'confirmed', via: 'call', at: '2026-11-27T10:00:00Z', by: 1 };
    let current = staffOrder({ confirmation: confirmed });
    server.use(
      http.get('*/api/dashboard/couriers', () => HttpResponse.json({ data: ['manual'] })),
      http.get('*/api/dashboard/orders/3', () => HttpResponse.json({ data: current })),
      http.post('*/api/dashboard/orders/3/shipment', async ({ request }) => {
        const body = (await request.json()) as { tracking: string };
        sent.push(body);
        if (body.tracking === 'a b') {
          return HttpResponse.json(
            { message: 'Invalid', errors: { tracking: ['Enter the courier tracking number.'] } },
            { status: 422 },
          );
        }
        const shipment = {
          courier: 'manual',
          courier_name: 'Mahmoud',
          tracking: 'K-101',
          tracking_url: null,
          state: 'picked_up',
          handed_over_at: '2026-11-27T11:00:00Z',
          cod: 250,
          events: [],
        };
        current = staffOrder({ status: 'on_delivery', confirmation: confirmed, shipment });
        return HttpResponse.json({ message: 'Handed.', data: current });
      }),
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderAt('/dashboard/orders-actions?id=3', { '/dashboard/orders-actions': <OrdersActions /> });
    await userEvent.type(await screen.findByTestId('courier-name'), 'Mahmoud');
    await userEvent.type(screen.getByTestId('courier-tracking'), 'a b');
    await userEvent.click(screen.getByTestId('hand-over'));
    expect(await screen.findByText('Enter the courier tracking number.')).toBeInTheDocument();
    await userEvent.clear(screen.getByTestId('courier-tracking'));
    await userEvent.type(screen.getByTestId('courier-tracking'), 'K-101');
    await userEvent.click(screen.getByTestId('hand-over'));
    await waitFor(() => expect(screen.queryByTestId('hand-over')).not.toBeInTheDocument());
    expect(sent.at(-1)).toEqual({ courier: 'manual', courier_name: 'Mahmoud', tracking: 'K-101' });
    expect(await screen.findByTestId('order-shipment')).toHaveTextContent('K-101');
    expect(screen.queryByTestId('airway-bill')).not.toBeInTheDocument();
    confirm.mockRestore();
  });

  it('a refused order says so, in the list and on its page', async () => {
    const refused = staffOrder({
      status: 'cancelled',
      status_label: 'Cancelled',
      cancelled_as: 'refused',
      next_statuses: [],
    });
    server.use(
      http.get('*/api/dashboard/orders', () =>
        HttpResponse.json({ data: [refused], meta, counts, more_matches: false }),
      ),
      http.get('*/api/dashboard/orders/3', () => HttpResponse.json({ data: refused })),
    );
    const Cancelled = orderListScreen('cancelled-orders');
    renderAt('/dashboard/cancelled-orders', { '/dashboard/cancelled-orders': <Cancelled /> });
    const row = await screen.findByTestId('staff-order-row');
    expect(within(row).getByTestId('refused')).toHaveTextContent('Refused at the door');
    renderAt('/dashboard/orders-actions?id=3', { '/dashboard/orders-actions': <OrdersActions /> });
    expect(await screen.findByTestId('order-refused')).toHaveTextContent(
      'Refused at delivery: the parcel came back to the shop.',
    );
    expect(screen.queryByTestId('record-refusal')).toBeNull();
  });

  it('a route fixes its status; tabs count each status and the filters reach the server', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/api/dashboard/orders', ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params);
        return HttpResponse.json({ data: [staffOrder()], meta, counts, more_matches: params.has('search') });
      }),
    );
    const NewOrders = orderListScreen('new-orders');
    const AllOrders = orderListScreen('orders');
    const user = userEvent.setup();
    renderAt('/dashboard/new-orders', {
      '/dashboard/new-orders': <NewOrders />,
      '/dashboard/orders': (
        <>
          <AllOrders />
          <LocationProbe />
        </>
      ),
    });

    const row = await screen.findByTestId('staff-order-row');
    expect(row).toHaveTextContent('MS-2026-000003');
    expect(within(row).getByTestId('awaiting-confirmation')).toHaveTextContent('Awaiting confirmation');
    expect(within(row).getByRole('link', { name: '01012345678' })).toHaveAttribute('href', 'tel:01012345678');
    expect(asked[0]?.get('status')).toBe('new');
    expect(screen.getByTestId('orders-tab-all')).toHaveTextContent('16');
    expect(screen.getByTestId('orders-tab-on_delivery')).toHaveTextContent('4');
    expect(screen.queryByTestId('orders-more-matches')).toBeNull();
    await user.type(screen.getByLabelText('Search by number, phone, or whole words of a name or product'), '٠١٠١٢');
    await waitFor(() => expect(asked.at(-1)?.get('search')).toBe('٠١٠١٢'));
    expect(await screen.findByTestId('orders-more-matches')).toHaveTextContent('Showing the newest 500 orders');
    const tabs = screen.getAllByRole('tab');
    expect(tabs[0]).toHaveAttribute('data-testid', 'orders-tab-awaiting');
    expect(tabs[0]).toHaveTextContent('Awaiting confirmation1');
    expect(screen.queryByLabelText('Awaiting confirmation only')).toBeNull();
    await user.click(tabs[0]!);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveAttribute('data-search', '?confirmation=awaiting'),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/orders');
    await waitFor(() => expect(asked.at(-1)?.get('confirmation')).toBe('awaiting'));
    expect(screen.getByTestId('orders-tab-awaiting')).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByTestId('orders-tab-delivered'));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/delivered-orders');
  });

  it("a card offers the order's next move, asking first, never a cancellation, and a call before a confirmation", async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/dashboard/orders', () =>
        HttpResponse.json({
          data: [
            staffOrder({ confirmation: { state: 'confirmed', via: 'call', at: '2026-11-20T11:00:00Z', by: 1 } }),
            staffOrder({ id: 4, number: 'MS-2026-000004', status: 'delivered', next_statuses: [] }),
            staffOrder({ id: 5, number: 'MS-2026-000005' }),
          ],
          meta,
          counts,
          more_matches: false,
        }),
      ),
      http.post('*/api/dashboard/orders/3/status', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: 'Done.', data: staffOrder({ status: 'on_delivery' }) });
      }),
    );
    const answers = [false, true];
    const confirm = vi.spyOn(window, 'confirm').mockImplementation(() => answers.shift() ?? false);
    const Orders = orderListScreen('orders');
    renderAt('/dashboard/orders', { '/dashboard/orders': <Orders /> });
    const [first, delivered, unconfirmed] = await screen.findAllByTestId('staff-order-row');
    expect(within(delivered!).queryByTestId('card-next-move')).toBeNull();
    // An order nobody confirmed yet is called first, or written to on WhatsApp.
    expect(within(unconfirmed!).queryByTestId('card-next-move')).toBeNull();
    expect(within(unconfirmed!).getByTestId('card-call')).toHaveAttribute('href', 'tel:01012345678');
    const whatsApp = new URL(within(unconfirmed!).getByTestId('card-whatsapp').getAttribute('href') ?? '');
    expect(whatsApp.pathname).toBe('/201012345678');
    expect(whatsApp.searchParams.get('text')).toContain('MS-2026-000005');
    const next = within(first!).getByTestId('card-next-move');
    expect(next).toHaveTextContent('Send out for delivery');
    await userEvent.click(next);
    expect(sent).toEqual([]);
    await userEvent.click(next);
    await waitFor(() => expect(sent).toEqual([{ status: 'on_delivery', note: null }]));
    confirm.mockRestore();
  });

  it('moves the selected orders to a status and says which were refused', async () => {
    let sent: unknown = null;
    server.use(
      http.get('*/api/dashboard/orders', () =>
        HttpResponse.json({
          data: [staffOrder(), staffOrder({ id: 4, number: 'MS-2026-000004' })],
          meta,
          counts,
          more_matches: false,
        }),
      ),
      http.post('*/api/dashboard/orders/bulk-status', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          message: "The order's status has been updated.",
          changed: [3],
          refused: [{ id: 4, message: 'This order cannot go from "Delivered" to "On delivery".' }],
        });
      }),
    );
    const Orders = orderListScreen('orders');
    const user = userEvent.setup();
    renderAt('/dashboard/orders', { '/dashboard/orders': <Orders /> });

    await user.click(await screen.findByRole('checkbox', { name: 'MS-2026-000003' }));
    await user.click(screen.getByRole('checkbox', { name: 'MS-2026-000004' }));
    expect(screen.getByTestId('bulk-bar')).toHaveTextContent('2 orders selected');
    await user.selectOptions(screen.getByRole('combobox', { name: 'New status' }), 'on_delivery');
    await user.click(screen.getByTestId('bulk-apply'));
    await waitFor(() => expect(sent).toEqual({ ids: [3, 4], status: 'on_delivery' }));
    expect(await screen.findByText("The order's status has been updated.")).toBeInTheDocument();
    expect(await screen.findByText('This order cannot go from "Delivered" to "On delivery".')).toBeInTheDocument();
  });

  it('an order page offers only the allowed moves, keeps a note with a move, and adds staff notes', async () => {
    const yes = vi.spyOn(window, 'confirm').mockReturnValue(true);
    let order = staffOrder({ customer: { name: 'Samir', phone: '01012345678' } });
    const moves: unknown[] = [];
    server.use(
      http.get('*/api/dashboard/orders/3', () => HttpResponse.json({ data: order })),
      http.post('*/api/dashboard/orders/3/status', async ({ request }) => {
        moves.push(await request.json());
        order = staffOrder({
          status: 'on_delivery',
          status_label: 'On delivery',
          next_statuses: ['delivered', 'cancelled'],
          history: [
            { from: null, to: 'new', at: '2026-11-20T10:00:00Z', by: 7 },
            { from: 'new', to: 'on_delivery', at: '2026-11-20T12:00:00Z', by: 1, note: 'Courier Ahmed' },
          ],
        });
        return HttpResponse.json({ message: "The order's status has been updated.", data: order });
      }),
      http.post('*/api/dashboard/orders/3/notes', async () => {
        order = {
          ...order,
          staff_notes: [{ author_id: 1, author_name: 'Staff', body: 'Called, no answer', at: '2026-11-20T13:00:00Z' }],
        };
        return HttpResponse.json({ message: 'The note has been added.', data: order });
      }),
    );
    const user = userEvent.setup();
    renderAt('/dashboard/orders-actions?id=3', { '/dashboard/orders-actions': <OrdersActions /> });

    expect(await screen.findByTestId('call-customer')).toHaveAttribute('href', 'tel:01012345678');
    expect(screen.getByTestId('move-on_delivery')).toBeInTheDocument();
    expect(screen.queryByTestId('move-delivered')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Note for the history/), 'Courier Ahmed');
    await user.click(screen.getByTestId('move-on_delivery'));
    await waitFor(() => expect(moves).toEqual([{ status: 'on_delivery', note: 'Courier Ahmed' }]));
    expect(await screen.findByTestId('move-delivered')).toBeInTheDocument();
    expect(screen.getAllByTestId('history-item').at(-1)).toHaveTextContent('Courier Ahmed');

    await user.type(screen.getByLabelText('Add a note'), 'Called, no answer');
    await user.click(screen.getByTestId('add-note'));
    expect(await screen.findByTestId('staff-note')).toHaveTextContent('Called, no answer');
    expect(screen.getByTestId('invoice-download')).toBeInTheDocument();
    yes.mockRestore();
  });

  it('staff who may only look see no moves', async () => {
    session.signIn(staffUser(['order-list']));
    server.use(http.get('*/api/dashboard/orders/3', () => HttpResponse.json({ data: staffOrder() })));
    renderAt('/dashboard/orders-actions?id=3', { '/dashboard/orders-actions': <OrdersActions /> });
    await screen.findByTestId('call-customer');
    expect(screen.queryByTestId('move-on_delivery')).not.toBeInTheDocument();
    expect(screen.queryByTestId('add-note')).not.toBeInTheDocument();
  });

  it('takes a return through its steps: refusing needs why, receiving says whether it sells again, the refund asks first', async () => {
    const kept = (state: string) => ({
      id: 5,
      state,
      reason: 'Wet seeds',
      asked_at: '2026-11-20T10:00:00Z',
      items: [{ product_id: 1, name: 'Mint seeds', quantity: 1, unit_price: 40 }],
      refund: 40,
      updated_at: '2026-11-20T10:00:00Z',
    });
    let current = staffOrder({ status: 'delivered', next_statuses: [], returns: [kept('requested')] });
    const steps: Array<{ step: string; body: unknown }> = [];
    server.use(
      http.get('*/api/dashboard/orders/3', () => HttpResponse.json({ data: current })),
      http.post('*/api/dashboard/orders/3/returns/5/:step', async ({ request, params }) => {
        const step = String(params.step);
        steps.push({ step, body: await request.json() });
        const next: Record<string, string> = { approve: 'approved', receive: 'received', refund: 'refunded' };
        current = staffOrder({ status: 'delivered', next_statuses: [], returns: [kept(next[step] ?? 'requested')] });
        return HttpResponse.json({ message: 'The return has been updated.', data: current });
      }),
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderAt('/dashboard/orders-actions?id=3', { '/dashboard/orders-actions': <OrdersActions /> });

    expect(await screen.findByRole('button', { name: 'Refuse' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.click(await screen.findByLabelText('The units can be sold again'));
    await user.click(screen.getByRole('button', { name: 'Received' }));
    await user.click(await screen.findByRole('button', { name: 'Refunded in cash' }));
    await waitFor(() => expect(steps.map((step) => step.step)).toEqual(['approve', 'receive', 'refund']));
    expect(steps[1]!.body).toEqual({ note: null, resaleable: false });
    expect(confirm).toHaveBeenCalledWith('Pay EGP 40 back in cash for this return?');
    expect(await screen.findByTestId('return-state')).toHaveTextContent('Refunded');
    confirm.mockRestore();
  });

  it('asks Bosta where a parcel is while it is on its way, and no longer once it is delivered', async () => {
    const confirmed = { state: 'confirmed', via: 'call', at: '2026-11-20T11:00:00Z', by: 1 };
    const shipment = (state: string) => ({
      courier: 'bosta',
      courier_name: 'Bosta',
      tracking: '7012345',
      tracking_url: null,
      state,
      handed_over_at: '2026-11-27T11:00:00Z',
      cod: 250,
      events: [],
    });
    let current = staffOrder({ status: 'on_delivery', confirmation: confirmed, shipment: shipment('picked_up') });
    let asked = 0;
    server.use(
      http.get('*/api/dashboard/orders/3', () => HttpResponse.json({ data: current })),
      http.get('*/api/dashboard/couriers', () => HttpResponse.json({ data: ['manual', 'bosta'] })),
      http.post('*/api/dashboard/orders/3/shipment/refresh', () => {
        asked += 1;
        current = staffOrder({ status: 'delivered', confirmation: confirmed, shipment: shipment('delivered') });
        return HttpResponse.json({ message: "The courier's latest state is recorded.", data: current });
      }),
    );
    renderAt('/dashboard/orders-actions?id=3', { '/dashboard/orders-actions': <OrdersActions /> });
    await userEvent.click(await screen.findByTestId('refresh-shipment'));
    await waitFor(() => expect(asked).toBe(1));
    await waitFor(() => expect(screen.queryByTestId('refresh-shipment')).not.toBeInTheDocument());
  });
});
