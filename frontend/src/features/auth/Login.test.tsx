import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../test/server';
import { renderAt } from '../../test/render';
import { applyLanguage } from '../../shared/i18n/language';
import { Login } from './Login';

const admin = {
  id: 1,
  name: 'Admin',
  email: 'a@b.c',
  phone: '01000000001',
  points: 4,
  verified: true,
  role: 'admin',
  access_role: 'Super Admin',
  permissions: ['client-list'],
  city_id: null,
  country: null,
  gender: null,
  created_at: '2026-01-01T00:00:00Z',
};

beforeEach(() => {
  applyLanguage('en');
  server.use(http.get('*/api/auth/providers', () => HttpResponse.json({ data: { google_client_id: null } })));
});

describe('Login', () => {
  it('asks for both fields before calling the server', async () => {
    renderAt('/auth/login', { '/auth/login': <Login /> });
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Phone or Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('shows the server message under the field on 422', async () => {
    server.use(
      http.post('*/api/auth/login', () =>
        HttpResponse.json(
          { message: 'x', errors: { username: ['These credentials do not match our records.'] } },
          { status: 422 },
        ),
      ),
    );
    renderAt('/auth/login', { '/auth/login': <Login /> });
    await userEvent.type(screen.getByLabelText('Phone or email'), '01012345678');
    await userEvent.type(screen.getByLabelText('Password'), 'Wrong2026');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findAllByText('These credentials do not match our records.')).length).toBeGreaterThan(0);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('stores the session and takes an admin to the dashboard', async () => {
    let sent: unknown;
    server.use(
      http.post('*/api/auth/login', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ message: 'Welcome back!', data: { ...admin, token: 'tok' } });
      }),
    );
    renderAt('/auth/login', { '/auth/login': <Login /> });
    await userEvent.type(screen.getByLabelText('Phone or email'), 'a@b.c');
    await userEvent.type(screen.getByLabelText('Password'), 'Mahsoul2026');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/overview'));
    expect(sent).toEqual({ username: 'a@b.c', password: 'Mahsoul2026' });
    expect(localStorage.getItem('token')).toBe('tok');
    expect(localStorage.getItem('userPoints')).toBe('4');
    expect(JSON.parse(localStorage.getItem('userData') ?? '{}').role).toBe('admin');
  });
});
