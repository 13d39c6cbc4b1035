import { renderRoutes } from '@auditdesk/shared/testing';
import { waitFor } from '@testing-library/react';
import { Navigate } from 'react-router-dom';
import { REMOTE_PAGES } from '../remotes/remotePages';
import { TitledRoutes } from './DocumentTitle';
import { routes } from './routes';

/** Every path the app has, found in the route table itself. */
function pathsOf(list: typeof routes): { path: string; title?: string }[] {
  return list.flatMap((route) => [
    ...(route.path && route.path !== '*'
      ? [{ path: route.path, title: (route.handle as { title?: string } | undefined)?.title }]
      : []),
    ...pathsOf(route.children ?? []),
  ]);
}

describe('document titles', () => {
  it('every route of the app declares its own title', () => {
    const paths = pathsOf(routes);
    expect(paths.map((entry) => entry.path)).toEqual(
      expect.arrayContaining([
        '/login',
        '/forgot-password',
        '/profile',
        ...REMOTE_PAGES.map((page) => page.path),
      ]),
    );
    for (const entry of paths) expect([entry.path, entry.title]).toEqual([entry.path, expect.any(String)]);
    expect(new Set(paths.map((entry) => entry.title)).size).toBe(paths.length);
  });

  it('the tab shows the page first, then the product, and follows navigation', async () => {
    const { router } = renderRoutes(
      [
        {
          element: <TitledRoutes />,
          children: [
            { path: '/leads', handle: { title: 'Leads' }, element: <p>leads</p> },
            { path: '/sync', handle: { title: 'Calendar Sync' }, element: <p>sync</p> },
            { path: '*', element: <Navigate to="/leads" /> },
          ],
        },
      ],
      '/leads',
    );
    await waitFor(() => expect(document.title).toBe('Leads · Auditdesk'));
    await router.navigate('/sync');
    await waitFor(() => expect(document.title).toBe('Calendar Sync · Auditdesk'));
  });
});
