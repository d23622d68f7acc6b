import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../test/server';
import { LocationProbe, renderAt } from '../../../test/render';
import { applyLanguage } from '../../../shared/i18n/language';
import { session } from '../../../shared/session/session';
import { DashboardContactMessages } from './DashboardContactMessages';
import { staffUser } from '../../../test/users';

const message = {
  id: 7,
  name: 'Samir',
  phone: '01012345678',
  email: null,
  message: 'Do you sell drip kits?',
  status: 'new',
  created_at: '2026-11-20T10:00:00Z',
  handled_at: null,
};

let asked: URLSearchParams[] = [];
beforeEach(() => {
  applyLanguage('en');
  asked = [];
  server.use(
    http.get('*/api/dashboard/contact-messages', ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return HttpResponse.json({ data: [message], meta: { current_page: 1, last_page: 1, per_page: 20, total: 1 } });
    }),
  );
});

describe('DashboardContactMessages', () => {
  it('opens on the new messages and asks the server for what is typed and chosen', async () => {
    session.signIn(staffUser(['contact-list']));
    renderAt('/', { '/': <DashboardContactMessages /> });
    expect(await screen.findByText('Do you sell drip kits?')).toBeInTheDocument();
    expect(asked[0]?.get('status')).toBe('new');
    await userEvent.type(screen.getByLabelText('Search by name, phone, e-mail or text'), 'drip');
    await userEvent.click(screen.getByText('Answered'));
    await waitFor(() =>
      expect(asked.some((params) => params.get('search') === 'drip' && params.get('status') === 'handled')).toBe(true),
    );
  });

  it('keeps its search, status and page in the address', async () => {
    session.signIn(staffUser(['contact-list']));
    renderAt('/?status=handled&search=drip&page=2', {
      '/': (
        <>
          <DashboardContactMessages />
          <LocationProbe />
        </>
      ),
    });
    await screen.findByText('Do you sell drip kits?');
    expect([asked[0]?.get('status'), asked[0]?.get('search'), asked[0]?.get('page')]).toEqual(['handled', 'drip', '2']);
    expect(screen.getByLabelText('Search by name, phone, e-mail or text')).toHaveValue('drip');

    const status = within(screen.getByTestId('contact-status'));
    await userEvent.click(status.getByText('All'));
    await waitFor(() => expect(screen.getByTestId('location').dataset.search).toBe('?status=&search=drip'));
    await userEvent.click(status.getByText('New'));
    await waitFor(() => expect(screen.getByTestId('location').dataset.search).toBe('?search=drip'));
  });

  it('offers to mark answered and delete only with those permissions', async () => {
    session.signIn(staffUser(['contact-list']));
    const { unmount } = renderAt('/', { '/': <DashboardContactMessages /> });
    await screen.findByText('Do you sell drip kits?');
    expect(screen.queryByRole('button', { name: 'Mark answered' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    unmount();

    let handled = 0;
    server.use(
      http.post(
        '*/api/dashboard/contact-messages/7/handled',
        () => ((handled += 1), HttpResponse.json({ message: 'The message is marked as answered.' })),
      ),
    );
    session.signIn(staffUser(['contact-list', 'contact-edit', 'contact-delete']));
    renderAt('/', { '/': <DashboardContactMessages /> });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark answered' }));
    expect(await screen.findByText('The message is marked as answered.')).toBeInTheDocument();
    expect(handled).toBe(1);
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });
});
