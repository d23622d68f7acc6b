import type { ReactElement } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { RequirePermission, RequireStaff } from '../guards';
import { screen } from './screen';

/** Shows the screen only to staff holding `permission`. */
const needs = (permission: string) => (element: ReactElement) => (
  <RequirePermission permission={permission}>{element}</RequirePermission>
);

/** The spec's order routes: one list screen each, with the route's status or source. */
const ORDER_ROUTES = [
  'orders',
  'new-orders',
  'on-delivery-orders',
  'delivered-orders',
  'cancelled-orders',
  'sales-orders',
  'guest-orders',
  'new-guest-orders',
  'on-delivery-guest-orders',
  'delivered-guest-orders',
  'cancelled-guest-orders',
];

/** The staff dashboard under `/dashboard` (router.tsx); each screen needs its permission. This
 * table comes with the first dashboard screen, not with the storefront, and so does the side
 * menu. */
export const dashboardRoutes: RouteObject = {
  ...screen(
    () => import('../layouts/DashboardLayout'),
    (m) => m.DashboardLayout,
    (layout) => <RequireStaff>{layout}</RequireStaff>,
  ),
  children: [
    { index: true, element: <Navigate to="overview" replace /> },
    {
      path: 'overview',
      ...screen(
        () => import('../../features/dashboard/overview/DashboardOverview'),
        (m) => m.DashboardOverview,
      ),
    },
    {
      path: 'users',
      ...screen(
        () => import('../../features/dashboard/clients/DashboardUsers'),
        (m) => m.DashboardUsers,
        needs('client-list'),
      ),
    },
    {
      path: 'users/:id',
      ...screen(
        () => import('../../features/dashboard/clients/UserDetails'),
        (m) => m.UserDetails,
        needs('client-list'),
      ),
    },
    {
      path: 'users-actions',
      ...screen(
        () => import('../../features/dashboard/clients/UsersActions'),
        (m) => m.UsersActions,
        needs('client-list'),
      ),
    },
    {
      path: 'admins',
      ...screen(
        () => import('../../features/dashboard/staff/StaffList'),
        (m) => m.DashboardAdmins,
        needs('admin-list'),
      ),
    },
    {
      path: 'admins-actions',
      ...screen(
        () => import('../../features/dashboard/staff/StaffActions'),
        (m) => m.AdminsActions,
        needs('admin-list'),
      ),
    },
    {
      path: 'sales',
      ...screen(
        () => import('../../features/dashboard/staff/StaffList'),
        (m) => m.DashboardSales,
        needs('sales-list'),
      ),
    },
    {
      path: 'sales-actions',
      ...screen(
        () => import('../../features/dashboard/staff/StaffActions'),
        (m) => m.SalesActions,
        needs('sales-list'),
      ),
    },
    {
      path: 'sales/:id',
      ...screen(
        () => import('../../features/dashboard/staff/SalesProfile'),
        (m) => m.SalesProfile,
        needs('sales-list'),
      ),
    },
    {
      path: 'sales-orders-actions',
      ...screen(
        () => import('../../features/dashboard/orders/SalesOrderForm'),
        (m) => m.SalesOrderForm,
        needs('order-create'),
      ),
    },
    {
      path: 'roles',
      ...screen(
        () => import('../../features/dashboard/roles/DashboardRoles'),
        (m) => m.DashboardRoles,
        needs('role-list'),
      ),
    },
    {
      path: 'roles-actions',
      ...screen(
        () => import('../../features/dashboard/roles/RolesActions'),
        (m) => m.RolesActions,
        needs('role-list'),
      ),
    },
    {
      path: 'sms',
      ...screen(
        () => import('../../features/dashboard/sms/DashboardSms'),
        (m) => m.DashboardSms,
        needs('sms-list'),
      ),
    },
    {
      path: 'lookup',
      ...screen(
        () => import('../../features/dashboard/lookup/DashboardLookup'),
        (m) => m.DashboardLookup,
      ),
    },
    {
      path: 'products',
      ...screen(
        () => import('../../features/dashboard/products/DashboardProducts'),
        (m) => m.DashboardProducts,
        needs('product-list'),
      ),
    },
    {
      path: 'products-actions',
      ...screen(
        () => import('../../features/dashboard/products/ProductsActions'),
        (m) => m.ProductsActions,
        needs('product-create'),
      ),
    },
    {
      path: 'lots',
      ...screen(
        () => import('../../features/dashboard/farm/Lots'),
        (m) => m.LotsWatch,
        needs('product-list'),
      ),
    },
    {
      path: 'farm-lists',
      ...screen(
        () => import('../../features/dashboard/farm/FarmLists'),
        (m) => m.FarmLists,
        needs('agronomy-list'),
      ),
    },
    {
      path: 'categories',
      ...screen(
        () => import('../../features/dashboard/categories/DashboardCategories'),
        (m) => m.DashboardCategories,
        needs('category-list'),
      ),
    },
    {
      path: 'offers',
      ...screen(
        () => import('../../features/dashboard/offers/DashboardOffers'),
        (m) => m.DashboardOffers,
        needs('offer-list'),
      ),
    },
    {
      path: 'shipping',
      ...screen(
        () => import('../../features/dashboard/shipping/DashboardShipping'),
        (m) => m.DashboardShipping,
        needs('shipping-list'),
      ),
    },
    {
      path: 'courier-cash',
      ...screen(
        () => import('../../features/dashboard/couriers/CourierCash'),
        (m) => m.CourierCash,
        needs('shipping-list'),
      ),
    },
    {
      path: 'shipping-actions',
      ...screen(
        () => import('../../features/dashboard/shipping/ShippingActions'),
        (m) => m.ShippingActions,
        needs('shipping-create'),
      ),
    },
    {
      path: 'copouns',
      ...screen(
        () => import('../../features/dashboard/copouns/DashboardCopouns'),
        (m) => m.DashboardCopouns,
        needs('copoun-list'),
      ),
    },
    {
      path: 'copouns-actions',
      ...screen(
        () => import('../../features/dashboard/copouns/CopounsActions'),
        (m) => m.CopounsActions,
        needs('copoun-create'),
      ),
    },
    ...ORDER_ROUTES.map((name) => ({
      path: name,
      ...screen(
        () => import('../../features/dashboard/orders/StaffOrders'),
        (m) => m.orderListScreen(name),
        needs(name.includes('guest') ? 'guest-order-list' : 'order-list'),
      ),
    })),
    {
      // The order's own call checks the permission of its list.
      path: 'orders-actions',
      ...screen(
        () => import('../../features/dashboard/orders/OrdersActions'),
        (m) => m.OrdersActions,
      ),
    },
    {
      path: 'notifications',
      ...screen(
        () => import('../../features/notifications/NotificationsScreen'),
        (m) => m.NotificationsScreen,
      ),
    },
    ...['points', 'user-points'].map((path) => ({
      path,
      ...screen(
        () => import('../../features/dashboard/points/DashboardPoints'),
        (m) => m.DashboardPoints,
        needs('points-list'),
      ),
    })),
    {
      // Each form's own call checks its permission (a rule's create or edit, an adjustment).
      path: 'user-points-actions',
      ...screen(
        () => import('../../features/dashboard/points/PointsActions'),
        (m) => m.PointsActions,
        needs('points-list'),
      ),
    },
    {
      path: 'settings',
      ...screen(
        () => import('../../features/dashboard/settings/DashboardSettings'),
        (m) => m.DashboardSettings,
        needs('setting-list'),
      ),
    },
    {
      path: 'search',
      ...screen(
        () => import('../../features/dashboard/search/DashboardSearch'),
        (m) => m.DashboardSearch,
        needs('setting-list'),
      ),
    },
    {
      path: 'integrations',
      ...screen(
        () => import('../../features/dashboard/integrations/DashboardIntegrations'),
        (m) => m.DashboardIntegrations,
        needs('integration-list'),
      ),
    },
    {
      path: 'contact-messages',
      ...screen(
        () => import('../../features/dashboard/contact/DashboardContactMessages'),
        (m) => m.DashboardContactMessages,
        needs('contact-list'),
      ),
    },
  ],
};
