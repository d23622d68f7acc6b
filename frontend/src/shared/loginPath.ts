/** Login, remembering the page to come back to after signing in (`?next=`, which Login
 * follows only within the shop). */
export function loginPath(location: { pathname: string; search: string }): string {
  const here = location.pathname + location.search;
  return here === '/' || here.startsWith('/auth') ? '/auth/login' : `/auth/login?next=${encodeURIComponent(here)}`;
}
