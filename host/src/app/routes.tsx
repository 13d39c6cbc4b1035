import { Navigate, type RouteObject } from 'react-router-dom';
import { AdminOnly } from '../auth/AdminOnly';
import { ProtectedRoute } from '../auth/ProtectedRoute';
import { AppLayout } from '../layout/AppLayout';
import { REMOTE_PAGES } from '../remotes/remotePages';
import { RemotePage } from '../remotes/RemotePage';

import { HOME_PATH } from './homePath';

/** Every route of the app. No errorElement: the router's default error page is wanted. */
export const routes: RouteObject[] = [
  // pages a signed-in visit never shows are loaded when their route opens
  { path: '/login', lazy: () => import('../auth/LoginPage').then((m) => ({ Component: m.LoginPage })) },
  {
    path: '/auth/callback',
    lazy: () => import('../auth/AuthCallbackPage').then((m) => ({ Component: m.AuthCallbackPage })),
  },
  {
    path: '/auth/error',
    lazy: () => import('../auth/AuthErrorPage').then((m) => ({ Component: m.AuthErrorPage })),
  },
  {
    path: '/set-password',
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
            lazy: () => import('../profile/ProfilePage').then((m) => ({ Component: m.ProfilePage })),
          },
          { path: '*', element: <Navigate to={HOME_PATH} replace /> },
        ],
      },
    ],
  },
];
