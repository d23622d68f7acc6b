import type { AuthData } from '../shared/api/types';

/** A signed-in staff member holding exactly `permissions`, as the session stores one. */
export const staffUser = (permissions: string[]) => ({
  id: 1,
  name: 'Staff',
  email: null,
  phone: '01000000001',
  points: 0,
  verified: true,
  role: 'admin',
  access_role: 'Custom',
  permissions,
  city_id: null,
  country: null,
  gender: null,
  created_at: '2026-01-01T00:00:00Z',
  token: 't',
});

/** A verified client as the API answers a sign-in, for tests that start signed in. */
export const verifiedClient: AuthData = {
  id: 7,
  name: 'Samir',
  email: null,
  phone: '01012345678',
  points: 0,
  verified: true,
  role: 'customer',
  access_role: null,
  permissions: [],
  city_id: null,
  country: null,
  gender: null,
  created_at: '2026-01-01T00:00:00Z',
  token: 'tok',
};
