import { Navigate, type RouteObject } from 'react-router-dom';
import { RequireAuth } from '../guards';
import { screen } from './screen';

/** A signed-in client's own screens. */
export const accountRoutes: RouteObject = {
  path: '/account',
  // The side menu comes with the first account screen, not with the storefront.
  ...screen(
    () => import('../layouts/ClientLayout'),
    (m) => m.ClientLayout,
    (layout) => <RequireAuth>{layout}</RequireAuth>,
  ),
  children: [
    { index: true, element: <Navigate to="settings" replace /> },
    {
      path: 'settings',
      ...screen(
        () => import('../../features/account/ClientSettings'),
        (m) => m.ClientSettings,
      ),
    },
    {
      path: 'orders-history',
      ...screen(
        () => import('../../features/orders/OrdersHistory'),
        (m) => m.OrdersHistory,
      ),
    },
    {
      path: 'notifications',
      ...screen(
        () => import('../../features/notifications/NotificationsScreen'),
        (m) => m.NotificationsScreen,
      ),
    },
    {
      path: 'points-exchange',
      ...screen(
        () => import('../../features/loyalty/PointsExchange'),
        (m) => m.PointsExchange,
      ),
    },
    {
      path: 'shipping-address',
      ...screen(
        () => import('../../features/account/ShippingAddresses'),
        (m) => m.ShippingAddresses,
      ),
    },
  ],
};
