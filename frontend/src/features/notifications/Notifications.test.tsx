import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../test/server';
import { renderAt } from '../../test/render';
import { verifiedClient } from '../../test/users';
import { applyLanguage } from '../../shared/i18n/language';
import { session } from '../../shared/session/session';
import { NotificationBell } from './NotificationBell';
import { NotificationsScreen } from './NotificationsScreen';

const placed = {
  id: 11,
  title: 'Order received',
  body: 'We received your order MS-2026-000003 and will call you to confirm it.',
  link: '/account/orders-history',
  created_at: '2026-11-20T10:00:00Z',
  read_at: null,
};
const onTheWay = { ...placed, id: 12, title: 'Your order is on its way', read_at: null };

beforeEach(() => {
  applyLanguage('en');
  session.signIn(verifiedClient);
});

describe('notifications', () => {
  it('the bell shows the unread count and leads a client to their notifications', async () => {
    server.use(
      http.get('*/api/notifications', () =>
        HttpResponse.json({
          data: [onTheWay, placed],
          unread: 2,
          meta: { current_page: 1, last_page: 1, per_page: 20, total: 2 },
        }),
      ),
    );
    renderAt('/', { '/': <NotificationBell /> });
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toHaveAttribute(
      'href',
      '/account/notifications',
    );
    expect(screen.getByTestId('bell-count')).toHaveTextContent('2');
  });

  it('opening one marks it read and follows its link; all can be marked read at once', async () => {
    let unread = [placed.id, onTheWay.id];
    const read: number[] = [];
    server.use(
      http.get('*/api/notifications', ({ request }) => {
        const all = [onTheWay, placed].map((n) => ({
          ...n,
          read_at: unread.includes(n.id) ? null : '2026-11-21T00:00:00Z',
        }));
        const shown = new URL(request.url).searchParams.get('unread') ? all.filter((n) => !n.read_at) : all;
        return HttpResponse.json({
          data: shown,
          unread: unread.length,
          meta: { current_page: 1, last_page: 1, per_page: 20, total: shown.length },
        });
      }),
      http.post('*/api/notifications/:id/read', ({ params }) => {
        read.push(Number(params.id));
        unread = unread.filter((id) => id !== Number(params.id));
        return HttpResponse.json({ message: 'The notification is marked as read.', unread: unread.length });
      }),
      http.post('*/api/notifications/read-all', () => {
        unread = [];
        return HttpResponse.json({ message: 'All notifications are marked as read.', unread: 0 });
      }),
    );
    const user = userEvent.setup();
    renderAt('/account/notifications', { '/account/notifications': <NotificationsScreen /> });

    const items = await screen.findAllByTestId('notification');
    expect(items.map((item) => item.getAttribute('data-unread'))).toEqual(['true', 'true']);
    await user.click(screen.getByRole('radio', { name: 'Unread (2)' }));
    await user.click(screen.getByText('Your order is on its way'));
    expect(read).toEqual([12]);
    expect(await screen.findByTestId('location')).toHaveTextContent('/account/orders-history');
  });

  it('mark all read empties the unread list', async () => {
    let unread = 2;
    server.use(
      http.get('*/api/notifications', () =>
        HttpResponse.json({
          data: unread ? [onTheWay, placed] : [],
          unread,
          meta: { current_page: 1, last_page: 1, per_page: 20, total: unread },
        }),
      ),
      http.post('*/api/notifications/read-all', () => {
        unread = 0;
        return HttpResponse.json({ message: 'All notifications are marked as read.', unread: 0 });
      }),
    );
    const user = userEvent.setup();
    renderAt('/account/notifications?unread=1', { '/account/notifications': <NotificationsScreen /> });
    await screen.findAllByTestId('notification');
    await user.click(screen.getByTestId('read-all'));
    expect(await screen.findByText('All notifications are marked as read.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('notifications-empty')).toBeInTheDocument());
  });
});
