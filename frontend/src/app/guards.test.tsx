import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../test/render';
import { applyLanguage } from '../shared/i18n/language';
import { GuestOnly, RequireAuth, RequirePermission, RequireStaff } from './guards';

function signIn(role: string, permissions: string[] = []) {
  localStorage.setItem('token', 't');
  localStorage.setItem('userData', JSON.stringify({ id: 1, name: 'U', role, permissions, verified: true, points: 0 }));
}

describe('route guards', () => {
  it('send a signed-in user away from Login to Home', () => {
    signIn('customer');
    renderAt('/auth/login', {
      '/auth/login': (
        <GuestOnly>
          <p>login</p>
        </GuestOnly>
      ),
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/');
    expect(screen.queryByText('login')).toBeNull();
  });

  it('send a guest from client screens to Login', () => {
    renderAt('/account/settings', {
      '/account/settings': (
        <RequireAuth>
          <p>settings</p>
        </RequireAuth>
      ),
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/auth/login');
  });

  it('keep customers out of the dashboard', () => {
    signIn('customer');
    renderAt('/dashboard', {
      '/dashboard': (
        <RequireStaff>
          <p>dashboard</p>
        </RequireStaff>
      ),
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/');
  });

  it('tell users without the permission they have no access, where they are, and let holders in', () => {
    applyLanguage('en');
    signIn('sales', ['order-list']);
    const { unmount } = renderAt('/dashboard/users', {
      '/dashboard/users': (
        <RequirePermission permission="client-list">
          <p>users</p>
        </RequirePermission>
      ),
    });
    expect(screen.getByTestId('no-access')).toHaveTextContent('You do not have access to this page');
    expect(screen.queryByTestId('location')).toBeNull();
    expect(screen.queryByText('users')).toBeNull();
    unmount();

    signIn('sales', ['client-list']);
    renderAt('/dashboard/users', {
      '/dashboard/users': (
        <RequirePermission permission="client-list">
          <p>users</p>
        </RequirePermission>
      ),
    });
    expect(screen.getByText('users')).toBeInTheDocument();
  });
});
