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
import { cartLines } from '../../shared/cart/localCart';
import { priced, type Line } from '../../test/cart';

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
