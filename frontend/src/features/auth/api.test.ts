import { describe, expect, it } from 'vitest';
import type { UserData } from '../../shared/session/session';
import { pathAfterGoogleLogin, pathAfterLogin } from './api';

const user = (role: string, verified = true) => ({ role, verified }) as UserData;

describe('where users go after signing in', () => {
  it('with a password: staff to the dashboard, everyone else and the unverified to Products', () => {
    expect(pathAfterLogin(user('admin'))).toBe('/dashboard/overview');
    expect(pathAfterLogin(user('sales'))).toBe('/dashboard/overview');
    expect(pathAfterLogin(user('customer'))).toBe('/products');
    expect(pathAfterLogin(user('other'))).toBe('/products');
    expect(pathAfterLogin(user('admin', false))).toBe('/products');
  });

  it('back to the screen that asked for a sign-in, if it is a path of this site', () => {
    expect(pathAfterLogin(user('customer'), '/account/checkout')).toBe('/account/checkout');
    expect(pathAfterLogin(user('customer', false), '/account/checkout')).toBe('/account/checkout');
    expect(pathAfterLogin(user('customer'), '//evil.example/')).toBe('/products');
    expect(pathAfterLogin(user('customer'), '/\\evil.example/')).toBe('/products');
    expect(pathAfterLogin(user('customer'), 'https://evil.example/')).toBe('/products');
  });

  it('with Google: staff to the dashboard, customers to Products, others Home', () => {
    expect(pathAfterGoogleLogin(user('customer'))).toBe('/products');
    expect(pathAfterGoogleLogin(user('sales'))).toBe('/dashboard/overview');
    expect(pathAfterGoogleLogin(user('admin'))).toBe('/dashboard/overview');
    expect(pathAfterGoogleLogin(user('other'))).toBe('/');
  });
});
