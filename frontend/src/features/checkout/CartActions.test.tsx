import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../test/server';
import { renderAt } from '../../test/render';
import { priced } from '../../test/cart';
import { anOrder } from '../../test/orders';
import { applyLanguage } from '../../shared/i18n/language';
import { addToCart, cartLines } from '../../shared/cart/localCart';
import { CartActions } from './CartActions';

beforeEach(() => {
  applyLanguage('en');
  localStorage.clear();
});

describe('CartActions', () => {
  it('orders through WhatsApp: the order is placed first, then the wa.me link carries its number, lines and total', async () => {
    addToCart(1, 2);
    let sent: Record<string, unknown> | null = null;
    server.use(
      http.post('*/api/cart/quote', async ({ request }) => {
        const { items } = (await request.json()) as { items: Array<{ id: number; quantity: number }> };
        return HttpResponse.json(priced(items));
      }),
      http.get('*/api/settings', () => HttpResponse.json({ data: { whatsapp_number: '201000000000' } })),
      http.get('*/api/shipping-cities', () =>
        HttpResponse.json({ data: [{ id: 2, name: 'Giza', shipping_cost: 50 }] }),
      ),
      http.post('*/api/guest-orders/checkout', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(
          { message: 'Placed.', data: anOrder({ number: 'MS-2026-000012', source: 'whatsapp' }) },
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup();
    renderAt('/cart', { '/cart': <CartActions /> });

    expect(await screen.findByTestId('go-checkout')).toHaveAttribute('href', '/account/checkout');
    await user.click(await screen.findByTestId('order-whatsapp'));
    // The WhatsApp order's form is downloaded when asked for.
    await user.type(await screen.findByLabelText('Full name'), 'Mona');
    await user.type(screen.getByLabelText('Mobile number'), '01112345678');
    await user.selectOptions(screen.getByLabelText('Governorate'), '2');
    await user.type(screen.getByLabelText('Address'), 'Farm road');
    await user.click(screen.getByRole('button', { name: 'Place the order and continue on WhatsApp' }));

    const link = await screen.findByTestId('whatsapp-link');
    expect(sent).toMatchObject({ source: 'whatsapp', items: [{ id: 1, quantity: 2 }], expected_total: '130.00' });
    const href = new URL(link.getAttribute('href') ?? '');
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/201000000000');
    expect(href.searchParams.get('text')).toBe(
      'Hello Mahsoul, I placed order MS-2026-000012:\n- Mint seeds × 2: EGP 80\nTotal: EGP 130',
    );
    await waitFor(() => expect(cartLines()).toEqual([]));
    expect(screen.getByTestId('whatsapp-placed')).toHaveTextContent('MS-2026-000012');
  });
});
