import { notifications } from '@mantine/notifications';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppProviders } from '../providers/AppProviders';
import { queryClient } from '../query/queryClient';

/** Renders routes inside the app's providers, starting at `path`. */
export function renderRoutes(
  routes: RouteObject[],
  path = '/',
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  queryClient.clear();
  notifications.clean(); // toasts live in a module store: none carries over from the last test
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}

export function renderWithProviders(ui: ReactElement): RenderResult {
  return renderRoutes([{ path: '*', element: ui }]);
}
