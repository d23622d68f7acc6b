import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { loginPath } from '../shared/loginPath';
import { hasPermission, isStaff, session, useSession } from '../shared/session/session';
import { NoAccess } from '../features/dashboard/NoAccess';

/** Login and Register: a user who already holds a token when arriving goes Home. (Signing
 * in on the screen itself leads where the screen's flow says, not Home.) */
export function GuestOnly({ children }: { children: ReactNode }) {
  const [arrivedSignedIn] = useState(() => session.token() !== null);
  return arrivedSignedIn ? <Navigate to="/" replace /> : children;
}

/** Login, coming back here unless the user just logged out themselves. */
function afterSignOut(location: { pathname: string; search: string }): string {
  return session.loggedOut() ? '/auth/login' : loginPath(location);
}

/** Client screens need a token; without one, Login, which comes back here. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { token } = useSession();
  const location = useLocation();
  return token ? children : <Navigate to={afterSignOut(location)} replace />;
}

/** The dashboard is for admins and sales engineers; others go Home. */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { token, user } = useSession();
  const location = useLocation();
  if (!token) return <Navigate to={afterSignOut(location)} replace />;
  return isStaff(user) ? children : <Navigate to="/" replace />;
}

/** A route with a required permission shows users without it that they have no access, with
 * a way back, rather than a silent jump elsewhere (local data only; the server checks again). */
export function RequirePermission({ permission, children }: { permission: string; children: ReactNode }) {
  const { user } = useSession();
  return hasPermission(user, permission) ? children : <NoAccess />;
}
