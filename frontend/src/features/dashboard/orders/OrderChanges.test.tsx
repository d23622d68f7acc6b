import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/server';
import { renderAt } from '../../../test/render';
import { anOrder } from '../../../test/orders';
import { staffUser } from '../../../test/users';
import { applyLanguage } from '../../../shared/i18n/language';
import { session } from '../../../shared/session/session';
import { OrdersActions } from './OrdersActions';

/** An order as staff see it. */
function staffOrder(changes: Record<string, unknown> = {}) {
  return {
    ...anOrder(),
    user_id: 7,
    sales_engineer: null,
    staff_notes: [],
    next_statuses: ['on_delivery', 'cancelled'],
    undo_until: null,
    story: [],
    ...changes,
  };
}

const openOrder = () => renderAt('/dashboard/orders-actions?id=3', { '/dashboard/orders-actions': <OrdersActions /> });

beforeEach(() => {
  applyLanguage('en');
  session.signIn(staffUser(['order-list', 'order-status', 'order-edit']));
  server.use(http.get('*/api/dashboard/couriers', () => HttpResponse.json({ data: ['manual'] })));
});

describe("changing an order's lines, a partial delivery and undoing a move", () => {
  it('sends the lines as typed and shows the field error the server gives', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/dashboard/orders/3', () => HttpResponse.json({ data: staffOrder() })),
      http.put('*/api/dashboard/orders/3/lines', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          { message: 'The given data was invalid.', errors: { items: ['Only 3 left of Mint seeds.'] } },
          { status: 422 },
        );
      }),
    );
    openOrder();
    await userEvent.click(await screen.findByTestId('change-lines'));
    const editor = screen.getByTestId('lines-editor');
    const units = within(editor).getByRole('textbox', { name: 'Quantity' });
    await userEvent.clear(units);
    await userEvent.type(units, '٥');
    await userEvent.click(within(editor).getByTestId('save-lines'));
    await waitFor(() => expect(sent).toEqual([{ items: [{ id: 1, quantity: 5 }] }]));
    expect(await within(editor).findByText('Only 3 left of Mint seeds.')).toBeInTheDocument();
  });

  it('offers no line changes once the order is confirmed', async () => {
    server.use(
      http.get('*/api/dashboard/orders/3', () =>
        HttpResponse.json({
          data: staffOrder({ confirmation: { state: 'confirmed', via: 'call', at: '2026-11-20T11:00:00Z' } }),
        }),
      ),
    );
    openOrder();
    await screen.findByTestId('order-confirmation');
    expect(screen.queryByTestId('change-lines')).toBeNull();
  });

  it('delivers the rest of a parcel with the units refused and why', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/dashboard/orders/3', () =>
        HttpResponse.json({ data: staffOrder({ status: 'on_delivery', next_statuses: ['delivered', 'cancelled'] }) }),
      ),
      http.post('*/api/dashboard/orders/3/partial-delivery', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({
          message: 'Delivered.',
          data: staffOrder({ status: 'delivered', next_statuses: [] }),
        });
      }),
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    openOrder();
    await userEvent.click(await screen.findByTestId('partial-delivery'));
    const form = screen.getByTestId('partial-delivery-form');
    const deliver = within(form).getByTestId('deliver-rest');
    expect(deliver).toBeDisabled();
    await userEvent.type(within(form).getByRole('textbox', { name: 'Units of Mint seeds refused' }), '1');
    await userEvent.type(within(form).getByTestId('partial-reason'), 'one packet torn');
    await userEvent.click(deliver);
    await waitFor(() => expect(sent).toEqual([{ items: [{ id: 1, quantity: 1 }], reason: 'one packet torn' }]));
    confirm.mockRestore();
  });

  it('undoes the last move while the server allows it, asking first', async () => {
    let undone = 0;
    server.use(
      http.get('*/api/dashboard/orders/3', () =>
        HttpResponse.json({
          data: staffOrder({ status: 'cancelled', next_statuses: [], undo_until: '2026-11-20T11:10:00Z' }),
        }),
      ),
      http.post('*/api/dashboard/orders/3/undo', () => {
        undone += 1;
        return HttpResponse.json({ message: 'Undone.', data: staffOrder() });
      }),
    );
    const answers = [false, true];
    const confirm = vi.spyOn(window, 'confirm').mockImplementation(() => answers.shift() ?? false);
    openOrder();
    await userEvent.click(await screen.findByTestId('undo-move'));
    expect(undone).toBe(0);
    await userEvent.click(screen.getByTestId('undo-move'));
    await waitFor(() => expect(undone).toBe(1));
    confirm.mockRestore();
  });
});
