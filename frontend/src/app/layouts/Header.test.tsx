import { http, HttpResponse } from 'msw';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../test/render';
import { server } from '../../test/server';
import { verifiedClient } from '../../test/users';
import { applyLanguage } from '../../shared/i18n/language';
import { session } from '../../shared/session/session';
import { Header } from './Header';
import { BottomNav } from './BottomNav';
import controls from '../../shared/ui/controls.module.css';
import classes from './Header.module.css';

beforeEach(() => {
  applyLanguage('en');
  session.signIn(verifiedClient);
  server.use(
    http.get('*/api/categories', () => HttpResponse.json({ data: [] })),
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

afterEach(() => vi.restoreAllMocks());

describe('Header', () => {
  it('opens the account menu when pressed before the menu has arrived', async () => {
    renderAt('/', { '/': <Header /> });
    // The first render is the stand-in button: the menu's code is still being fetched.
    await userEvent.click(screen.getByTestId('account-menu'));
    expect(await screen.findByTestId('logout')).toBeInTheDocument();
    // The menu hands its button props of its own: the button keeps the shop's look.
    expect(screen.getByTestId('account-menu')).toHaveClass(controls.button!, controls.light!);
  });

  it("on a phone, beside the bell and the account, hints only 'Search…' in the narrow box", () => {
    const media = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({ ...media(query), matches: true }));
    const { unmount } = renderAt('/', { '/': <Header /> });
    const box = screen.getByTestId('header-search');
    expect(box).toHaveAttribute('placeholder', 'Search…');
    expect(box).toHaveAccessibleName('Search seeds, fertilisers, pesticides…');
    unmount();
    // Where the account sits in the bottom bar, the box is wide enough for the whole hint.
    renderAt('/', { '/': <Header accountBelow /> });
    expect(screen.getByTestId('header-search')).toHaveAttribute(
      'placeholder',
      'Search seeds, fertilisers, pesticides…',
    );
  });
});

describe("the phone's bottom bar", () => {
  it("opens a signed-in shopper's account menu, with its log out, from the account tab", async () => {
    renderAt('/', { '/': <BottomNav /> });
    expect(screen.queryByTestId('bottom-account')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('account-menu'));
    expect(await screen.findByTestId('logout')).toBeInTheDocument();
    expect(screen.getByTestId('account-menu')).toHaveClass(classes.tab!);
  });

  it('leads a guest to sign in', () => {
    session.signOut();
    renderAt('/products', { '/products': <BottomNav /> });
    expect(screen.queryByTestId('account-menu')).not.toBeInTheDocument();
    expect(screen.getByTestId('bottom-account')).toHaveAttribute('href', '/auth/login?next=%2Fproducts');
  });
});
