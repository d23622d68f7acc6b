import { describe, expect, it } from 'vitest';
import type { UserData } from '../../shared/session/session';
import { pathAfterGoogleLogin, pathAfterLogin } from './api';

const user = (role: string, verified = true) => ({ role, verified }) as UserData;

describe('where users go after signing in', () => {
  it('with a password: admins to the dashboard, everyone else and the unverified to Products', () => {
    expect(pathAfterLogin(user('admin'))).toBe('/dashboard/overview');
    expect(pathAfterLogin(user('customer'))).toBe('/products');
    expect(pathAfterLogin(user('sales'))).toBe('/products');
    expect(pathAfterLogin(user('other'))).toBe('/products');
    expect(pathAfterLogin(user('admin', false))).toBe('/products');
  });

  it('with Google: customers and sales to Products, admins to the dashboard, others Home', () => {
    expect(pathAfterGoogleLogin(user('customer'))).toBe('/products');
    expect(pathAfterGoogleLogin(user('sales'))).toBe('/products');
    expect(pathAfterGoogleLogin(user('admin'))).toBe('/dashboard/overview');
    expect(pathAfterGoogleLogin(user('other'))).toBe('/');
  });
});
