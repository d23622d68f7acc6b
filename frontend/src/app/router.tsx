import { lazy } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Root } from './Root';
import { PublicLayout } from './layouts/PublicLayout';
import { AuthLayout } from './layouts/AuthLayout';
import { ClientLayout } from './layouts/ClientLayout';
import { DashboardLayout } from './layouts/DashboardLayout';
import { GuestOnly, RequireAuth, RequirePermission, RequireStaff } from './guards';
import { NotFound } from '../shared/ui/NotFound';
import { Home } from '../features/catalog/Home';
import { Products } from '../features/catalog/Products';
import { ProductProfile } from '../features/catalog/ProductProfile';
import { AddToCart } from '../features/cart/AddToCart';

// Screens off the storefront load on demand, so a phone on a weak network downloads the
// storefront first.
const AboutUs = lazy(() => import('../features/content/ContentPage').then((m) => ({ default: m.AboutUs })));
const TermsAndConditions = lazy(() =>
  import('../features/content/ContentPage').then((m) => ({ default: m.TermsAndConditions })),
);
const PrivacyPolicy = lazy(() => import('../features/content/ContentPage').then((m) => ({ default: m.PrivacyPolicy })));
const RefundPolicies = lazy(() =>
  import('../features/content/ContentPage').then((m) => ({ default: m.RefundPolicies })),
);
const Contact = lazy(() => import('../features/content/Contact').then((m) => ({ default: m.Contact })));
const Login = lazy(() => import('../features/auth/Login').then((m) => ({ default: m.Login })));
const Register = lazy(() => import('../features/auth/Register').then((m) => ({ default: m.Register })));
const VerifyAccount = lazy(() => import('../features/auth/VerifyAccount').then((m) => ({ default: m.VerifyAccount })));
const ForgetPassword = lazy(() =>
  import('../features/auth/ForgetPassword').then((m) => ({ default: m.ForgetPassword })),
);
const CheckOtp = lazy(() => import('../features/auth/CheckOtp').then((m) => ({ default: m.CheckOtp })));
const GoogleCallback = lazy(() =>
  import('../features/auth/GoogleCallback').then((m) => ({ default: m.GoogleCallback })),
);
const ResetPassword = lazy(() => import('../features/auth/ResetPassword').then((m) => ({ default: m.ResetPassword })));
const ClientSettings = lazy(() =>
  import('../features/account/ClientSettings').then((m) => ({ default: m.ClientSettings })),
);
const DashboardProducts = lazy(() =>
  import('../features/dashboard/products/DashboardProducts').then((m) => ({ default: m.DashboardProducts })),
);
const ProductsActions = lazy(() =>
  import('../features/dashboard/products/ProductsActions').then((m) => ({ default: m.ProductsActions })),
);
const DashboardCategories = lazy(() =>
  import('../features/dashboard/categories/DashboardCategories').then((m) => ({ default: m.DashboardCategories })),
);
const DashboardOffers = lazy(() =>
  import('../features/dashboard/offers/DashboardOffers').then((m) => ({ default: m.DashboardOffers })),
);
const DashboardSettings = lazy(() =>
  import('../features/dashboard/settings/DashboardSettings').then((m) => ({ default: m.DashboardSettings })),
);
const DashboardContactMessages = lazy(() =>
  import('../features/dashboard/contact/DashboardContactMessages').then((m) => ({
    default: m.DashboardContactMessages,
  })),
);
const DashboardOverview = lazy(() =>
  import('../features/dashboard/overview/DashboardOverview').then((m) => ({ default: m.DashboardOverview })),
);

/** The routes of the spec's screen tables; unknown paths show NotFound. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        path: '/',
        element: <PublicLayout />,
        children: [
          { index: true, element: <Home /> },
          { path: 'products', element: <Products /> },
          {
            path: 'products/:slug',
            element: (
              <ProductProfile buy={(product) => <AddToCart productId={product.id} inStock={product.in_stock} />} />
            ),
          },
          { path: 'about-us', element: <AboutUs /> },
          { path: 'terms-and-conditions', element: <TermsAndConditions /> },
          { path: 'privacy-policy', element: <PrivacyPolicy /> },
          { path: 'refund-policies', element: <RefundPolicies /> },
          { path: 'contact', element: <Contact /> },
        ],
      },
      {
        path: '/auth',
        element: <AuthLayout />,
        children: [
          { index: true, element: <Navigate to="login" replace /> },
          {
            path: 'login',
            element: (
              <GuestOnly>
                <Login />
              </GuestOnly>
            ),
          },
          {
            path: 'register',
            element: (
              <GuestOnly>
                <Register />
              </GuestOnly>
            ),
          },
          { path: 'verify-account', element: <VerifyAccount /> },
          { path: 'forget-password', element: <ForgetPassword /> },
          { path: 'check-otp', element: <CheckOtp /> },
          { path: 'reset-password', element: <ResetPassword /> },
          { path: 'google', element: <GoogleCallback /> },
        ],
      },
      {
        path: '/account',
        element: (
          <RequireAuth>
            <ClientLayout />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <Navigate to="settings" replace /> },
          { path: 'settings', element: <ClientSettings /> },
        ],
      },
      {
        path: '/dashboard',
        element: (
          <RequireStaff>
            <DashboardLayout />
          </RequireStaff>
        ),
        children: [
          { index: true, element: <Navigate to="overview" replace /> },
          { path: 'overview', element: <DashboardOverview /> },
          {
            path: 'products',
            element: (
              <RequirePermission permission="product-list">
                <DashboardProducts />
              </RequirePermission>
            ),
          },
          {
            path: 'products-actions',
            element: (
              <RequirePermission permission="product-create">
                <ProductsActions />
              </RequirePermission>
            ),
          },
          {
            path: 'categories',
            element: (
              <RequirePermission permission="category-list">
                <DashboardCategories />
              </RequirePermission>
            ),
          },
          {
            path: 'offers',
            element: (
              <RequirePermission permission="offer-list">
                <DashboardOffers />
              </RequirePermission>
            ),
          },
          {
            path: 'settings',
            element: (
              <RequirePermission permission="setting-list">
                <DashboardSettings />
              </RequirePermission>
            ),
          },
          {
            path: 'contact-messages',
            element: (
              <RequirePermission permission="contact-list">
                <DashboardContactMessages />
              </RequirePermission>
            ),
          },
        ],
      },
      { path: '*', element: <PublicLayout />, children: [{ path: '*', element: <NotFound /> }] },
    ],
  },
];

export const router = createBrowserRouter(routes);
