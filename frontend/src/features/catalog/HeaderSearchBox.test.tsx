import { http, HttpResponse } from 'msw';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../test/server';
import { renderAt } from '../../test/render';
import { applyLanguage } from '../../shared/i18n/language';
import HeaderSearchBox from './HeaderSearchBox';
import { HeaderSearch } from './HeaderSearch';

beforeEach(() => applyLanguage('en'));

const seeds = { id: 1, slug: 'seeds', name: 'Seeds', image: null };

describe('HeaderSearchBox', () => {
  it('suggests crops, categories and products as the shopper types, and Enter lists every result', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/search/suggestions', ({ request }) => {
        const q = new URL(request.url).searchParams.get('q') ?? '';
        asked.push(q);
        return HttpResponse.json({
          data: {
            products: [{ slug: 'tomato-seeds', name: 'Tomato seeds', sale_price: 45, image: null }],
            categories: [seeds],
            crops: [{ id: 1, slug: 'tomato', name: 'Tomato', image: null }],
            pests: [],
          },
        });
      }),
      http.get('*/api/categories', () => HttpResponse.json({ data: [seeds] })),
    );
    const user = userEvent.setup();
    renderAt('/', { '/': <HeaderSearchBox /> });
    await user.type(screen.getByRole('searchbox', { name: /Search seeds/ }), 'seeds');
    expect(await screen.findByText('Tomato seeds')).toBeInTheDocument();
    expect(screen.getByText('All of Seeds')).toBeInTheDocument();
    // A crop comes first, before the categories and the products.
    const options = screen.getAllByRole('option', { hidden: true });
    expect(options[0]).toHaveTextContent('Products for Tomato');
    expect(asked.at(-1)).toBe('seeds');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/products');
    expect(screen.getByTestId('location')).toHaveAttribute('data-search', '?search=seeds');
  });

  it('offers the categories when nothing matches, and clears', async () => {
    server.use(
      http.get('*/api/search/suggestions', () =>
        HttpResponse.json({ data: { products: [], categories: [], crops: [], pests: [] } }),
      ),
      http.get('*/api/categories', () => HttpResponse.json({ data: [seeds] })),
    );
    const user = userEvent.setup();
    renderAt('/', { '/': <HeaderSearchBox /> });
    const box = screen.getByRole('searchbox', { name: /Search seeds/ });
    await user.type(box, 'tractor');
    expect(await screen.findByText('Nothing matches; browse a category:')).toBeInTheDocument();
    // jsdom runs no transitions: the dropdown stays display:none here (the browser tests see it).
    await user.click(await screen.findByRole('option', { name: 'Seeds', hidden: true }));
    expect(screen.getByTestId('location')).toHaveAttribute('data-search', '?category=seeds');
  });

  it('clears what was typed', async () => {
    server.use(
      http.get('*/api/search/suggestions', () =>
        HttpResponse.json({ data: { products: [], categories: [], crops: [], pests: [] } }),
      ),
    );
    const user = userEvent.setup();
    renderAt('/', { '/': <HeaderSearchBox /> });
    const box = screen.getByRole('searchbox', { name: /Search seeds/ });
    await user.type(box, 'neem');
    await user.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(box).toHaveValue('');
  });
});

describe('HeaderSearch', () => {
  it('stays the plain box, with no suggestions downloaded, until the shopper reaches for it', async () => {
    renderAt('/', { '/': <HeaderSearch /> });
    const plain = screen.getByRole('searchbox', { name: /Search seeds/ });
    // Long enough for the box with suggestions (already in this test's memory) to take over.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.getByRole('searchbox', { name: /Search seeds/ })).toBe(plain);
    act(() => plain.focus());
    await waitFor(() => expect(screen.getByRole('searchbox', { name: /Search seeds/ })).not.toBe(plain));
  });

  it('carries what was typed in the plain box into the box with suggestions, with the focus', async () => {
    server.use(
      http.get('*/api/search/suggestions', () =>
        HttpResponse.json({
          data: {
            products: [{ slug: 'tomato-seeds', name: 'Tomato seeds', sale_price: 45, image: null }],
            categories: [],
            crops: [],
            pests: [],
          },
        }),
      ),
      http.get('*/api/categories', () => HttpResponse.json({ data: [seeds] })),
    );
    // The plain box shows until the shopper reaches for it, and while the full one's code is on
    // its way: what it was given goes on in the full box.
    renderAt('/', { '/': <HeaderSearch /> });
    const plain = screen.getByRole('searchbox', { name: /Search seeds/ });
    fireEvent.change(plain, { target: { value: 'tomato' } });
    act(() => plain.focus());
    await waitFor(() => expect(screen.getByRole('searchbox', { name: /Search seeds/ })).not.toBe(plain));
    const box = screen.getByRole('searchbox', { name: /Search seeds/ });
    expect(box).toHaveValue('tomato');
    expect(box).toHaveFocus();
    expect(await screen.findByText('Tomato seeds')).toBeInTheDocument();
  });
});
