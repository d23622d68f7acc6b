import { lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { Root } from './Root';
import { PublicLayout } from './layouts/PublicLayout';
import { NotFound } from '../shared/ui/NotFound';
import { storefrontRoutes } from './routes/storefront';
import { authRoutes } from './routes/auth';
import { accountRoutes } from './routes/account';

/** Unknown paths: NotFound in the storefront's frame. */
const notFound: RouteObject = {
  path: '*',
  element: <PublicLayout />,
  children: [{ path: '*', element: <NotFound /> }],
};

// The dashboard's table of forty-odd screens is staff's: it is downloaded with their first
// dashboard screen, and its paths are matched under `/dashboard` from there.
const Dashboard = lazy(async () => {
  const { dashboardRoutes } = await import('./routes/dashboard');
  return {
    default: function DashboardScreens() {
      return useRoutes([dashboardRoutes, notFound]);
    },
  };
});

/** The routes of the spec's screen tables, one module per area; unknown paths show NotFound. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [storefrontRoutes, authRoutes, accountRoutes, { path: '/dashboard/*', element: <Dashboard /> }, notFound],
  },
];

/** The screen for the current address. A router of components rather than a data router
 * (loaders, actions): the shop's screens load their data with TanStack Query, and the data
 * router's code was 14 KB more for the phone to download. */
export function Screens() {
  return useRoutes(routes);
}
