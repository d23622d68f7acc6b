import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Root } from './Root';
import { PublicLayout } from './layouts/PublicLayout';
import { AuthLayout } from './layouts/AuthLayout';
import { ClientLayout } from './layouts/ClientLayout';
import { DashboardLayout } from './layouts/DashboardLayout';
import { GuestOnly, RequireAuth, RequireStaff } from './guards';
import { NotFound } from './NotFound';
import { Home } from '../features/catalog/Home';
import { Products } from '../features/catalog/Products';
import { Login } from '../features/auth/Login';
import { Register } from '../features/auth/Register';
import { VerifyAccount } from '../features/auth/VerifyAccount';
import { ForgetPassword } from '../features/auth/ForgetPassword';
import { CheckOtp } from '../features/auth/CheckOtp';
import { ResetPassword } from '../features/auth/ResetPassword';
import { ClientSettings } from '../features/account/ClientSettings';
import { DashboardOverview } from '../features/dashboard/overview/DashboardOverview';

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
        ],
      },
      {
        path: '/auth',
        element: <AuthLayout />,
        children: [
          { index: true, element: <Navigate to="login" replace /> },
          { path: 'login', element: <GuestOnly><Login /></GuestOnly> },
          { path: 'register', element: <GuestOnly><Register /></GuestOnly> },
          { path: 'verify-account', element: <VerifyAccount /> },
          { path: 'forget-password', element: <ForgetPassword /> },
          { path: 'check-otp', element: <CheckOtp /> },
          { path: 'reset-password', element: <ResetPassword /> },
        ],
      },
      {
        path: '/account',
        element: <RequireAuth><ClientLayout /></RequireAuth>,
        children: [
          { index: true, element: <Navigate to="settings" replace /> },
          { path: 'settings', element: <ClientSettings /> },
        ],
      },
      {
        path: '/dashboard',
        element: <RequireStaff><DashboardLayout /></RequireStaff>,
        children: [
          { index: true, element: <Navigate to="overview" replace /> },
          { path: 'overview', element: <DashboardOverview /> },
        ],
      },
      { path: '*', element: <PublicLayout />, children: [{ path: '*', element: <NotFound /> }] },
    ],
  },
];

export const router = createBrowserRouter(routes);
