import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { ApiError, answer, api } from '../../shared/api/client';
import { isStaff, session, useSession } from '../../shared/session/session';
import type { AuthData, UserData } from '../../shared/api/types';

/** The answer of register and the logins. */
export type AuthResponse = { data: AuthData; message: string };

/** The `auth/*` calls. */
export const authApi = {
  register: (body: {
    name: string;
    phone: string;
    email?: string;
    city_id?: number;
    password: string;
    password_confirmation: string;
  }) => answer(api.POST('/api/auth/register', { body })),
  login: (body: { username: string; password: string }) => answer(api.POST('/api/auth/login', { body })),
  loginWithGoogle: (token: string) => answer(api.POST('/api/auth/login/google', { body: { token } })),
  providers: () => answer(api.GET('/api/auth/providers'), { silent: true }),
  verify: (code: string) => answer(api.POST('/api/auth/verify', { body: { code } })),
  resend: (body: { email?: string; phone?: string }) => answer(api.POST('/api/auth/verify/resend', { body })),
  me: () => answer(api.GET('/api/auth/me'), { silent: true }),
  meWithToken: (token: string) => answer(api.GET('/api/auth/me', { headers: bearer(token) }), { silent: true }),
  logout: () => answer(api.GET('/api/auth/logout'), { silent: true }),
  forgetPassword: (username: string) => answer(api.POST('/api/auth/forget-password', { body: { username } })),
  checkOtp: (body: { username: string; code: string }) =>
    answer(api.POST('/api/auth/forget-password/check-otp', { body })),
  resetPassword: (body: { password: string; password_confirmation: string }, tempToken: string | null) =>
    answer(api.PUT('/api/auth/reset-password', { body, headers: tempToken ? bearer(tempToken) : {} })),
};

/** The header that signs a call with a token other than the session's. */
function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

/** Where a user goes after signing in with a password: back to `next` when a screen sent them
 * to sign in (checkout's "Login & Checkout"; only a path of this site), else staff (admins and
 * the sales engineers working from their phones) to the dashboard, everyone else (and every
 * unverified account) to Products. */
export function pathAfterLogin(user: UserData, next?: string | null): string {
  if (next && /^\/(?![/\\])/.test(next)) return next;
  if (!user.verified) return '/products';
  return isStaff(user) ? '/dashboard/overview' : '/products';
}

/** Where a user goes after Google sign-in: staff to the dashboard, customers to Products,
 * anyone else Home. */
export function pathAfterGoogleLogin(user: UserData): string {
  if (isStaff(user)) return '/dashboard/overview';
  if (user.role === 'customer') return '/products';
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
