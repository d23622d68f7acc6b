import { useSyncExternalStore } from 'react';
import type { AuthData, UserData } from '../api/types';

export type { AuthData, UserData } from '../api/types';

/** The local storage keys the spec names. */
export const KEYS = {
  token: 'token',
  user: 'userData',
  points: 'userPoints',
  email: 'email',
  phone: 'phone',
  tempToken: 'temp_token',
} as const;

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function storeUser(user: UserData) {
  localStorage.setItem(KEYS.user, JSON.stringify(user));
  localStorage.setItem(KEYS.points, String(user.points ?? 0));
  if (user.email) localStorage.setItem(KEYS.email, user.email);
  else localStorage.removeItem(KEYS.email);
  if (user.phone) localStorage.setItem(KEYS.phone, user.phone);
  else localStorage.removeItem(KEYS.phone);
}

/** Who is signed in, kept in local storage so it survives reloads. */
let loggedOut = false;

export const session = {
  token: (): string | null => localStorage.getItem(KEYS.token),

  /** The stored user; the mirrored points override the user's points. */
  user(): UserData | null {
    const raw = localStorage.getItem(KEYS.user);
    if (!raw) return null;
    try {
      const user = JSON.parse(raw) as UserData;
      const points = Number.parseInt(localStorage.getItem(KEYS.points) ?? '', 10);
      return { ...user, points: Number.isNaN(points) ? (user.points ?? 0) : points };
    } catch {
      return null;
    }
  },

  signIn(data: AuthData) {
    loggedOut = false;
    const { token, ...user } = data;
    localStorage.setItem(KEYS.token, token);
    storeUser(user);
    emit();
  },

  setUser(user: UserData) {
    storeUser(user);
    emit();
  },

  /** The points as the server last told them: the spec's `userPoints` mirror, which overrides
   * the stored user's points. */
  setPoints(points: number) {
    localStorage.setItem(KEYS.points, String(points));
    emit();
  },

  tempToken: (): string | null => localStorage.getItem(KEYS.tempToken),

  setTempToken(token: string) {
    localStorage.setItem(KEYS.tempToken, token);
  },

  clearTempToken() {
    localStorage.removeItem(KEYS.tempToken);
  },

  /** Whether the last session ended by the user's own logout (not an expired token): Login
   * then need not bring them back where they were. */
  loggedOut: (): boolean => loggedOut,

  /** Logout: the token, the user data and the points go. */
  signOut() {
    loggedOut = true;
    [KEYS.token, KEYS.user, KEYS.points, KEYS.email, KEYS.phone].forEach((key) => localStorage.removeItem(key));
    emit();
  },

  /** After a 401 the spec clears all of local storage. */
  clearAll() {
    localStorage.clear();
    emit();
  },

  subscribe(listener: () => void) {
    listeners.add(listener);
    const onStorage = () => listener();
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};

interface Snapshot {
  token: string | null;
  user: UserData | null;
}

let cachedKey = '';
let cached: Snapshot = { token: null, user: null };

function snapshot(): Snapshot {
  const key = [KEYS.token, KEYS.user, KEYS.points].map((k) => localStorage.getItem(k) ?? '').join('\u0000');
  if (key !== cachedKey) {
    cachedKey = key;
    cached = { token: session.token(), user: session.user() };
  }
  return cached;
}

/** The signed-in token and user, re-rendering when they change. */
export function useSession(): Snapshot {
  return useSyncExternalStore(session.subscribe, snapshot, snapshot);
}

/** Whether the stored user holds a permission. */
export function hasPermission(user: UserData | null, permission: string): boolean {
  return !!user && user.permissions.includes(permission);
}

/** Whether the stored user is staff. */
export function isStaff(user: UserData | null): boolean {
  return user?.role === 'admin' || user?.role === 'sales';
}
