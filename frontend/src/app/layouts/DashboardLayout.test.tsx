import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderAt } from '../../test/render';
import { server } from '../../test/server';
import { staffUser } from '../../test/users';
import { applyLanguage } from '../../shared/i18n/language';
import { session } from '../../shared/session/session';
import { DashboardLayout } from './DashboardLayout';

beforeEach(() => {
  applyLanguage('en');
  session.signIn(staffUser(['order-list', 'guest-order-list', 'product-list', 'sales-list']));
  server.use(
    http.get('*/api/cart', () =>
      HttpResponse.json({
        data: { products: [], total: 0, total_weight: 0, shipping_value: 0, free_weight: 10, extra_fee_per_kg: 5 },
      }),
    ),
    http.get('*/api/notifications', () =>
      HttpResponse.json({ data: [], unread: 0, current_page: 1, last_page: 1, per_page: 20, total: 0 }),
    ),
  );
});

/** The menu's links marked current, by their text. */
function current(): string[] {
  return within(screen.getByTestId('side-menu'))
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent ?? '');
}

describe("the dashboard's menu", () => {
  it('marks the link of the screen shown: an order list in any tab, an add-and-edit screen, a page under a list', () => {
    const at = (path: string) => {
      const { unmount } = renderAt(path, { [path]: <DashboardLayout /> });
      const marked = current();
      unmount();
      return marked;
    };
    expect(at('/dashboard/new-orders')).toEqual(['Orders']);
    expect(at('/dashboard/on-delivery-orders')).toEqual(['Orders']);
    expect(at('/dashboard/orders-actions')).toEqual(['Orders']);
    expect(at('/dashboard/cancelled-guest-orders')).toEqual(['Guest orders']);
    expect(at('/dashboard/sales-orders')).toEqual(['Sales orders']);
    expect(at('/dashboard/products-actions')).toEqual(['Products']);
    expect(at('/dashboard/sales/4')).toEqual(['Sales engineers']);
  });

  it('groups the links under headings, and on a phone opens them in a drawer from a button naming the screen', async () => {
    renderAt('/dashboard/new-orders', { '/dashboard/new-orders': <DashboardLayout /> });
    const side = screen.getByTestId('side-menu');
    expect(within(side).getByText('Orders and delivery')).toBeInTheDocument();
    expect(within(side).getByText('Catalogue')).toBeInTheDocument();
    expect(within(side).queryByText('Marketing')).toBeNull();
    const button = screen.getByTestId('menu-button');
    expect(button).toHaveTextContent('Menu: Orders');
    await userEvent.click(button);
    const drawer = await screen.findByTestId('menu-drawer');
    expect(within(drawer).getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/dashboard/products');
    await userEvent.click(within(drawer).getByRole('link', { name: 'Guest orders' }));
    await waitFor(() => expect(screen.queryByTestId('menu-drawer')).toBeNull());
  });
});
