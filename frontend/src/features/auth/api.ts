import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { ApiError, api, type Envelope } from '../../shared/api/client';
import { session, useSession } from '../../shared/session/session';
import type { AuthData, MessageResponse, UserData } from '../../shared/api/types';

/** The answer of register and the logins. */
export type AuthResponse = Envelope<AuthData> & { message: string };

/** The `auth/*` calls. */
export const authApi = {
  register: (body: {
    name: string;
    phone: string;
    email?: string;
    city_id?: number;
    password: string;
    password_confirmation: string;
  }) => api<AuthResponse>('POST', 'auth/register', { body }),
  login: (body: { username: string; password: string }) => api<AuthResponse>('POST', 'auth/login', { body }),
  loginWithGoogle: (token: string) => api<AuthResponse>('POST', 'auth/login/google', { body: { token } }),
  providers: () =>
    api<{ data: { google_client_id: string | null; google_redirect: boolean } }>('GET', 'auth/providers', {
      silent: true,
    }),
  verify: (code: string) => api<Envelope<UserData> & { message: string }>('POST', 'auth/verify', { body: { code } }),
  resend: (body: { email?: string; phone?: string }) => api<MessageResponse>('POST', 'auth/verify/resend', { body }),
  me: () => api<Envelope<UserData>>('GET', 'auth/me', { silent: true }),
  meWithToken: (token: string) => api<Envelope<UserData>>('GET', 'auth/me', { token, silent: true }),
  logout: () => api<MessageResponse>('GET', 'auth/logout', { silent: true }),
  forgetPassword: (username: string) => api<MessageResponse>('POST', 'auth/forget-password', { body: { username } }),
  checkOtp: (body: { username: string; code: string }) =>
    api<Envelope<{ token: string }> & { message: string }>('POST', 'auth/forget-password/check-otp', { body }),
  resetPassword: (body: { password: string; password_confirmation: string }, tempToken: string | null) =>
    api<AuthResponse>('PUT', 'auth/reset-password', { body, token: tempToken }),
};

/** Where a user goes after signing in with a password: back to `next` when a screen sent them
 * to sign in (checkout's "Login & Checkout"; only a path of this site), else admins to the
 * dashboard, everyone else (and every unverified account) to Products. */
export function pathAfterLogin(user: UserData, next?: string | null): string {
  if (next && /^\/(?![/\\])/.test(next)) return next;
  if (!user.verified) return '/products';
  return user.role === 'admin' ? '/dashboard/overview' : '/products';
}

/** Where a user goes after Google sign-in: customers and sales to Products, admins to the
 * dashboard, anyone else Home. */
export function pathAfterGoogleLogin(user: UserData): string {
  if (user.role === 'admin') return '/dashboard/overview';
  if (user.role === 'customer' || user.role === 'sales') return '/products';
  return '/';
}

/** Keeps the stored user fresh from `auth/me`; a refused token signs the user out. */
export function useCurrentUser() {
  const { token } = useSession();
  const navigate = useNavigate();
  const query = useQuery({ queryKey: ['auth', 'me', token], queryFn: authApi.me, enabled: !!token, retry: false });
  useEffect(() => {
    if (query.data) session.setUser(query.data.data);
  }, [query.data]);
  useEffect(() => {
    const error = query.error;
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      console.warn('could not load the current user', error.status);
      session.signOut();
      navigate('/auth/login');
    }
  }, [query.error, navigate]);
  return query;
}

/** Logs out: the server ends the session; the browser forgets it either way. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useMutation({ mutationFn: authApi.logout });
  return async () => {
    try {
      await logout.mutateAsync();
    } catch (error) {
      console.warn('logout failed', error);
    }
    session.signOut();
    queryClient.removeQueries({ queryKey: ['auth'] });
    navigate('/auth/login');
  };
}

/** Sets a new password with the temporary reset token; on success the user is signed in and
 * their account fetched again. */
export function useResetPassword(tempToken: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: { password: string; password_confirmation: string }) =>
      authApi.resetPassword(values, tempToken),
    onSuccess: async (answer) => {
      session.clearTempToken();
      session.signIn(answer.data);
      await queryClient.invalidateQueries({ queryKey: ['auth', 'me'] });
    },
  });
}
