import { Navigate, type RouteObject } from 'react-router-dom';
import { AdminOnly } from '../auth/AdminOnly';
import { AuthCallbackPage } from '../auth/AuthCallbackPage';
import { AuthErrorPage } from '../auth/AuthErrorPage';
import { LoginPage } from '../auth/LoginPage';
import { ProtectedRoute } from '../auth/ProtectedRoute';
import { SetPasswordPage } from '../auth/SetPasswordPage';
import { AppLayout } from '../layout/AppLayout';
import { ProfilePage } from '../profile/ProfilePage';
import { REMOTE_PAGES } from '../remotes/remotePages';
import { RemotePage } from '../remotes/RemotePage';

import { HOME_PATH } from './homePath';

/** Every route of the app. No errorElement: the router's default error page is wanted. */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/auth/callback', element: <AuthCallbackPage /> },
  { path: '/auth/error', element: <AuthErrorPage /> },
  { path: '/set-password', element: <SetPasswordPage /> },
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
          { path: '/profile', element: <ProfilePage /> },
          { path: '*', element: <Navigate to={HOME_PATH} replace /> },
        ],
      },
    ],
  },
];
