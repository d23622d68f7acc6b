import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../test/server';
import { renderAt } from '../../test/render';
import { applyLanguage } from '../../shared/i18n/language';
import { session } from '../../shared/session/session';
import { verifiedClient } from '../../test/users';
import { CartTransfer } from './CartTransfer';
import { cartLines } from '../../shared/cart/localCart';

beforeEach(() => {
  applyLanguage('en');
  localStorage.clear();
  localStorage.setItem('cart', JSON.stringify([{ id: 1, quantity: 2 }]));
});

describe('CartTransfer', () => {
  it('moves the browser cart to the server once a verified client signs in, and only then removes it', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/cart/transfer', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ data: { products: [] } });
      }),
    );
    session.signIn(verifiedClient);
    renderAt('/', { '/': <CartTransfer /> });
    expect(await screen.findByText('Cart items transferred successfully!')).toBeInTheDocument();
    expect(sent).toEqual([{ items: [{ id: 1, quantity: 2 }] }]);
    expect(cartLines()).toEqual([]);
  });

  it('keeps the browser cart of an unverified account, and when the server fails', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/cart/transfer', () => {
        calls += 1;
        return HttpResponse.json({ message: 'down' }, { status: 500 });
      }),
    );
    session.signIn({ ...verifiedClient, verified: false });
    const { unmount } = renderAt('/', { '/': <CartTransfer /> });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toBe(0);
    unmount();

    session.signIn(verifiedClient);
    renderAt('/', { '/': <CartTransfer /> });
    expect(await screen.findByText('Failed to transfer cart items. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(cartLines()).toEqual([{ id: 1, quantity: 2 }]));
  });
});
