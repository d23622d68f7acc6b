import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderAt } from '../../test/render';
import { aProduct } from '../../test/products';
import { applyLanguage } from '../../shared/i18n/language';
import { AddToCart } from './AddToCart';
import { cartLines } from '../../shared/cart/localCart';

beforeEach(() => {
  applyLanguage('en');
  localStorage.clear();
});

describe('AddToCart', () => {
  it('keeps the line in the browser cart and adds to it, Arabic digits too', async () => {
    renderAt('/', { '/': <AddToCart product={aProduct()} /> });
    const quantity = screen.getByLabelText('Quantity');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '٣');
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Added: 3 in your cart.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(cartLines()).toEqual([{ id: 7, quantity: 6 }]);
  });

  it('steps the quantity with − and + from what was typed, within 1 to 999', async () => {
    renderAt('/', { '/': <AddToCart product={aProduct()} /> });
    const quantity = screen.getByLabelText('Quantity');
    const less = screen.getByRole('button', { name: 'One less' });
    expect(less).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'One more' }));
    await userEvent.click(screen.getByRole('button', { name: 'One more' }));
    expect(quantity).toHaveValue('3');
    await userEvent.click(less);
    expect(quantity).toHaveValue('2');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '٩٩٩');
    expect(screen.getByRole('button', { name: 'One more' })).toBeDisabled();
    await userEvent.click(less);
    expect(quantity).toHaveValue('998');
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(cartLines()).toEqual([{ id: 7, quantity: 998 }]);
  });

  it('refuses a quantity out of range and a product out of stock', async () => {
    localStorage.setItem('cart', 'not json');
    const { unmount } = renderAt('/', { '/': <AddToCart product={aProduct()} /> });
    const quantity = screen.getByLabelText('Quantity');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '0');
    expect(screen.getByText('Choose a quantity from 1 to 999.')).toBeInTheDocument();
    expect(quantity).toHaveAccessibleDescription('Choose a quantity from 1 to 999.');
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
    unmount();
    renderAt('/', { '/': <AddToCart product={aProduct({ id: 8, in_stock: false })} /> });
    expect(screen.getByRole('button', { name: 'Out of stock' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'One more' })).toBeDisabled();
    expect(cartLines()).toEqual([]);
  });

  it('caps the quantity at what is left, says so, and brings a larger typed one down to it', async () => {
    renderAt('/', { '/': <AddToCart product={aProduct({ available: 3 })} /> });
    const quantity = screen.getByLabelText('Quantity');
    const more = screen.getByRole('button', { name: 'One more' });
    await userEvent.click(more);
    await userEvent.click(more);
    expect(quantity).toHaveValue('3');
    expect(more).toBeDisabled();
    expect(screen.getByTestId('only-left')).toHaveTextContent('Only 3 left.');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '40');
    expect(quantity).toHaveAccessibleDescription('Only 3 left.');
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
    await userEvent.tab();
    expect(quantity).toHaveValue('3');
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(cartLines()).toEqual([{ id: 7, quantity: 3 }]);
  });
});
