import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderAt } from '../../test/render';
import { applyLanguage } from '../../shared/i18n/language';
import { AddToCart } from './AddToCart';
import { cartLines } from '../../shared/cart/localCart';

beforeEach(() => {
  applyLanguage('en');
  localStorage.clear();
});

describe('AddToCart', () => {
  it('keeps the line in the browser cart and adds to it, Arabic digits too', async () => {
    renderAt('/', { '/': <AddToCart productId={7} inStock /> });
    const quantity = screen.getByLabelText('Quantity');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '٣');
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Added: 3 in your cart.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(cartLines()).toEqual([{ id: 7, quantity: 6 }]);
  });

  it('refuses a quantity out of range and a product out of stock', async () => {
    localStorage.setItem('cart', 'not json');
    const { unmount } = renderAt('/', { '/': <AddToCart productId={7} inStock /> });
    const quantity = screen.getByLabelText('Quantity');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '0');
    expect(screen.getByText('Choose a quantity from 1 to 999.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
    unmount();
    renderAt('/', { '/': <AddToCart productId={8} inStock={false} /> });
    expect(screen.getByRole('button', { name: 'Out of stock' })).toBeDisabled();
    expect(cartLines()).toEqual([]);
  });
});
