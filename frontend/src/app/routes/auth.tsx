import type { ReactElement } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { AuthLayout } from '../layouts/AuthLayout';
import { GuestOnly } from '../guards';
import { screen } from './screen';

const guestOnly = (element: ReactElement) => <GuestOnly>{element}</GuestOnly>;

/** Signing in, registering, verifying and resetting a password. */
export const authRoutes: RouteObject = {
  path: '/auth',
  element: <AuthLayout />,
  children: [
    { index: true, element: <Navigate to="login" replace /> },
    {
      path: 'login',
      ...screen(
        () => import('../../features/auth/Login'),
        (m) => m.Login,
        guestOnly,
      ),
    },
    {
      path: 'register',
      ...screen(
        () => import('../../features/auth/Register'),
        (m) => m.Register,
        guestOnly,
      ),
    },
    {
      path: 'verify-account',
      ...screen(
        () => import('../../features/auth/VerifyAccount'),
        (m) => m.VerifyAccount,
      ),
    },
    {
      path: 'forget-password',
      ...screen(
        () => import('../../features/auth/ForgetPassword'),
        (m) => m.ForgetPassword,
      ),
    },
    {
      path: 'check-otp',
      ...screen(
        () => import('../../features/auth/CheckOtp'),
        (m) => m.CheckOtp,
      ),
    },
    {
      path: 'reset-password',
      ...screen(
        () => import('../../features/auth/ResetPassword'),
        (m) => m.ResetPassword,
      ),
    },
    {
      path: 'google',
      ...screen(
        () => import('../../features/auth/GoogleCallback'),
        (m) => m.GoogleCallback,
      ),
    },
  ],
};
