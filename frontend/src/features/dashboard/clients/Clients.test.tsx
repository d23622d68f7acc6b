import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../test/server';
import { renderAt } from '../../../test/render';
import { staffUser } from '../../../test/users';
import { applyLanguage } from '../../../shared/i18n/language';
import { session } from '../../../shared/session/session';
import { DashboardUsers } from './DashboardUsers';
import { UserDetails } from './UserDetails';
import { UsersActions } from './UsersActions';

const meta = { current_page: 1, last_page: 1, per_page: 20, total: 1 };
const samir = {
  id: 7,
  name: 'Samir',
  phone: '01012345678',
  email: null,
  status: 'verified',
  city: { id: 1, name: 'Cairo' },
  group: { id: 1, name: 'Farmers' },
  sales_engineer: { id: 2, name: 'Karim' },
  points: 40,
  created_at: '2026-01-01T00:00:00Z',
};

beforeEach(() => {
  applyLanguage('en');
  session.signIn(staffUser(['client-list', 'client-edit', 'client-block']));
  server.use(
    http.get('*/api/shipping-cities', () => HttpResponse.json({ data: [{ id: 1, name: 'Cairo', shipping_cost: 50 }] })),
    http.get('*/api/dashboard/groups', () =>
      HttpResponse.json({ data: [{ id: 1, name: 'Farmers', name_ar: 'مزارعون', name_en: 'Farmers', clients: 1 }] }),
    ),
  );
});

describe('client screens', () => {
  it('list the clients by status and group, and show the groups with their clients', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/api/dashboard/users', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({ data: [samir], meta });
      }),
    );
    const user = userEvent.setup();
    renderAt('/dashboard/users?status=verified', { '/dashboard/users': <DashboardUsers /> });
    const row = await screen.findByTestId('client-row');
    expect(row).toHaveTextContent('Samir');
    expect(row).toHaveTextContent('Verified');
    expect(row).toHaveTextContent('40 points');
    expect(asked[0]?.get('status')).toBe('verified');
    await user.selectOptions(screen.getByLabelText('Any group'), '1');
    await waitFor(() => expect(asked.at(-1)?.get('group')).toBe('1'));
    expect(screen.getByTestId('group-row')).toHaveTextContent('Farmers: 1 client');
  });

  it('block a client and keep a note on their page', async () => {
    let blocked = false;
    const notes: unknown[] = [];
    server.use(
      http.get('*/api/dashboard/users/7', () =>
        HttpResponse.json({
          data: { ...samir, status: blocked ? 'blocked' : 'verified', country: null, gender: null, notes: [] },
        }),
      ),
      http.get('*/api/dashboard/users/7/addresses', () => HttpResponse.json({ data: [] })),
      http.post('*/api/dashboard/users/7/block', () => {
        blocked = true;
        return HttpResponse.json({ message: 'The client is blocked and signed out everywhere.' });
      }),
      http.post('*/api/dashboard/users/7/notes', async ({ request }) => {
        notes.push(await request.json());
        return HttpResponse.json({ message: 'The note has been kept.' });
      }),
    );
    const user = userEvent.setup();
    renderAt('/dashboard/users/7', { '/dashboard/users/:id': <UserDetails /> });
    await user.click(await screen.findByTestId('block-client'));
    expect(await screen.findByText('The client is blocked and signed out everywhere.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('block-client')).toHaveTextContent('Unblock'));
    await user.type(screen.getByLabelText('A note for the team'), 'Call after 6 pm');
    await user.click(screen.getByRole('button', { name: 'Keep the note' }));
    await waitFor(() => expect(notes).toEqual([{ note: 'Call after 6 pm' }]));
    expect(within(document.body).getByText('Karim')).toBeInTheDocument();
  });

  it("leave a client's phone and e-mail as they are without client-contact-edit", async () => {
    server.use(
      http.get('*/api/dashboard/users/7', () =>
        HttpResponse.json({ data: { ...samir, country: null, gender: null, notes: [] } }),
      ),
    );
    const screens = { '/dashboard/users-actions': <UsersActions /> };
    const { unmount } = renderAt('/dashboard/users-actions?id=7', screens);
    await waitFor(() => expect(screen.getByLabelText('Phone')).toHaveValue('01012345678'));
    expect(screen.getByLabelText('Phone')).toHaveAttribute('readonly');
    expect(
      screen.getAllByText("Only staff allowed to change a client's phone or e-mail can change it here."),
    ).toHaveLength(2);
    unmount();

    session.signIn(staffUser(['client-list', 'client-edit', 'client-contact-edit']));
    renderAt('/dashboard/users-actions?id=7', screens);
    await waitFor(() => expect(screen.getByLabelText('Phone')).toHaveValue('01012345678'));
    expect(screen.getByLabelText('Phone')).not.toHaveAttribute('readonly');
  });
});
