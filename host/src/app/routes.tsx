import { AdminOnly } from '@auditdesk/shared';
import { Navigate, type RouteObject } from 'react-router-dom';
import { ProtectedRoute } from '../auth/ProtectedRoute';
import { AppLayout } from '../layout/AppLayout';
import { REMOTE_PAGES } from '../remotes/remotePages';
import { RemotePage } from '../remotes/RemotePage';

import { TitledRoutes, type RouteHandle } from './DocumentTitle';
import { HOME_PATH } from './homePath';

const titled = (title: string): RouteHandle => ({ title });

/**
 * Every route of the app, each with the title of its tab (`handle`). No errorElement: the
 * router's default error page is wanted.
 */
export const routes: RouteObject[] = [
  {
    element: <TitledRoutes />,
    children: [
      // pages a signed-in visit never shows are loaded when their route opens
      {
        path: '/login',
        handle: titled('Sign in'),
        lazy: () => import('../auth/LoginPage').then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: '/forgot-password',
        handle: titled('Forgot password'),
        lazy: () => import('../auth/ForgotPasswordPage').then((m) => ({ Component: m.ForgotPasswordPage })),
      },
      {
        path: '/auth/callback',
        handle: titled('Signing in'),
        lazy: () => import('../auth/AuthCallbackPage').then((m) => ({ Component: m.AuthCallbackPage })),
      },
      {
        path: '/auth/error',
        handle: titled('Sign-in failed'),
        lazy: () => import('../auth/AuthErrorPage').then((m) => ({ Component: m.AuthErrorPage })),
      },
      {
        path: '/set-password',
        handle: titled('Set your password'),
        lazy: () => import('../auth/SetPasswordPage').then((m) => ({ Component: m.SetPasswordPage })),
      },
      {
        element: <ProtectedRoute />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { index: true, element: <Navigate to={HOME_PATH} replace /> },
              ...REMOTE_PAGES.map((page) => ({
                path: page.path,
                handle: titled(page.title),
                // keyed by path so each route gets its own load state and error boundary
                element: page.adminOnly ? (
                  <AdminOnly deniedMessage={page.adminOnly.deniedMessage}>
                    <RemotePage key={page.path} page={page} />
                  </AdminOnly>
                ) : (
                  <RemotePage key={page.path} page={page} />
                ),
              })),
              {
                path: '/profile',
                handle: titled('Profile'),
                lazy: () => import('../profile/ProfilePage').then((m) => ({ Component: m.ProfilePage })),
              },
              { path: '*', element: <Navigate to={HOME_PATH} replace /> },
            ],
          },
        ],
      },
    ],
  },
];
