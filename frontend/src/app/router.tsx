import { createBrowserRouter, type RouteObject } from 'react-router-dom';
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
    // Nothing to show while the first screen's code arrives; the page is blank for that moment.
    hydrateFallbackElement: null,
    children: [
      storefrontRoutes,
      authRoutes,
      accountRoutes,
      dashboardRoutes,
      { path: '*', element: <PublicLayout />, children: [{ path: '*', element: <NotFound /> }] },
    ],
  },
];

export const router = createBrowserRouter(routes);
