import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../test/server';
import { renderAt } from '../../test/render';
import { applyLanguage } from '../../shared/i18n/language';
import { session } from '../../shared/session/session';
import { verifiedClient } from '../../test/users';
import { CartScreen } from './CartScreen';
import { cartLines } from './localCart';

type Line = { id: number; quantity: number };

/** Mint seeds (40 EGP, 250 g, 5 left) and peat soil (100 EGP, 6 kg, 50 left), priced the way
 * the server does, with the default rule (10 kg free, 5 EGP a kilogram above). */
function priced(lines: Line[]) {
  const catalogue: Record<number, { name: string; price: number; left: number; kg: number }> = {
    1: { name: 'Mint seeds', price: 40, left: 5, kg: 0.25 },
    2: { name: 'Peat soil', price: 100, left: 50, kg: 6 },
  };
  const products = lines.map(({ id, quantity }) => {
    const product = catalogue[id]!;
    return {
      id,
      slug: `p-${id}`,
      name: product.name,
      image: null,
      price: product.price,
      sale_price: product.price,
      quantity,
      available_quantity: product.left,
      in_stock: true,
      weight: product.kg,
      line_total: product.price * quantity,
    };
  });
  const total_weight = lines.reduce((sum, { id, quantity }) => sum + catalogue[id]!.kg * quantity, 0);
  const over = Math.max(0, Math.ceil(total_weight - 10));
  return {
    data: {
      products,
      total: products.reduce((sum, line) => sum + line.line_total, 0),
      total_weight,
      shipping_value: over * 5,
      free_weight: 10,
      extra_fee_per_kg: 5,
    },
  };
}

beforeEach(() => {
  applyLanguage('en');
  localStorage.clear();
});

describe('CartScreen', () => {
  it("prices a guest's browser cart, explains the weight rule, flags a short line and changes quantities", async () => {
    server.use(
      http.post('*/api/cart/quote', async ({ request }) =>
        HttpResponse.json(priced(((await request.json()) as { items: Line[] }).items)),
      ),
    );
    localStorage.setItem(
      'cart',
      JSON.stringify([
        { id: 1, quantity: 7 },
        { id: 2, quantity: 1 },
      ]),
    );
    renderAt('/cart', { '/cart': <CartScreen /> });

    const [seeds] = await screen.findAllByTestId('cart-line');
    expect(seeds).toHaveTextContent('Mint seeds');
    expect(within(seeds!).getByTestId('cart-short')).toHaveTextContent('Only 5 left');
    expect(screen.getByTestId('shipping-rule')).toHaveTextContent(
      'Shipping has no weight extra up to 10 kg; above it, EGP 5 for every extra kilogram',
    );
    expect(screen.queryByTestId('shipping-extra')).toBeNull();

    await userEvent.click(screen.getAllByRole('button', { name: 'One more' })[1]!);
    await waitFor(() =>
      expect(cartLines()).toEqual([
        { id: 1, quantity: 7 },
        { id: 2, quantity: 2 },
      ]),
    );
    expect(await screen.findByTestId('shipping-extra')).toHaveTextContent(
      'Your cart weighs 13.75 kg: a weight extra of EGP 20',
    );

    const quantity = within(seeds!).getByLabelText('Quantity');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '٥{Enter}');
    await waitFor(() => expect(cartLines()[0]).toEqual({ id: 1, quantity: 5 }));
    await waitFor(() => expect(screen.queryByTestId('cart-short')).toBeNull());

    await userEvent.click(within(screen.getAllByTestId('cart-line')[0]!).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(cartLines()).toEqual([{ id: 2, quantity: 2 }]));
  });

  it("shows a verified client's server cart and changes it on the server", async () => {
    session.signIn(verifiedClient);
    let lines: Line[] = [{ id: 2, quantity: 1 }];
    server.use(
      http.get('*/api/cart', () => HttpResponse.json(priced(lines))),
      http.put('*/api/cart/:id', async ({ params, request }) => {
        const { quantity } = (await request.json()) as { quantity: number };
        lines = lines.map((line) => (line.id === Number(params.id) ? { ...line, quantity } : line));
        return HttpResponse.json(priced(lines));
      }),
    );
    renderAt('/cart', { '/cart': <CartScreen /> });
    expect(await screen.findByTestId('cart-total')).toHaveTextContent('EGP 100');
    await userEvent.click(screen.getByRole('button', { name: 'One more' }));
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('EGP 200'));
    expect(lines).toEqual([{ id: 2, quantity: 2 }]);
    expect(cartLines()).toEqual([]);
  });

  it('says when the cart is empty', async () => {
    renderAt('/cart', { '/cart': <CartScreen /> });
    expect(await screen.findByTestId('cart-empty')).toHaveTextContent('Your cart is empty.');
  });
});
