import type { ReactElement } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { DashboardLayout } from '../layouts/DashboardLayout';
import { RequirePermission, RequireStaff } from '../guards';
import { screen } from './screen';

/** Shows the screen only to staff holding `permission`. */
const needs = (permission: string) => (element: ReactElement) => (
  <RequirePermission permission={permission}>{element}</RequirePermission>
);

/** The staff dashboard; each screen needs its permission. */
export const dashboardRoutes: RouteObject = {
  path: '/dashboard',
  element: (
    <RequireStaff>
      <DashboardLayout />
    </RequireStaff>
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
    {
      path: 'settings',
      ...screen(
        () => import('../../features/dashboard/settings/DashboardSettings'),
        (m) => m.DashboardSettings,
        needs('setting-list'),
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
