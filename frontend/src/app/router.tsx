import { useRoutes, type RouteObject } from 'react-router-dom';
import { Root } from './Root';
import { PublicLayout } from './layouts/PublicLayout';
import { NotFound } from '../shared/ui/NotFound';
import { storefrontRoutes } from './routes/storefront';
import { authRoutes } from './routes/auth';
import { accountRoutes } from './routes/account';
import { dashboardRoutes } from './routes/dashboard';

/** The routes of the spec's screen tables, one module per area; unknown paths show NotFound. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      storefrontRoutes,
      authRoutes,
      accountRoutes,
      dashboardRoutes,
      { path: '*', element: <PublicLayout />, children: [{ path: '*', element: <NotFound /> }] },
    ],
  },
];

/** The screen for the current address. A router of components rather than a data router
 * (loaders, actions): the shop's screens load their data with TanStack Query, and the data
 * router's code was 14 KB more for the phone to download. */
export function Screens() {
  return useRoutes(routes);
}
