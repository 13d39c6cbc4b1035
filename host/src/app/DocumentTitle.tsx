import { documentTitle } from '@auditdesk/shared';
import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router-dom';

/** What a route declares in its `handle`: the name its tab shows. */
export interface RouteHandle {
  title: string;
}

const titleOf = (handle: unknown): string | undefined =>
  handle && typeof handle === 'object' && 'title' in handle ? String(handle.title) : undefined;

/** Sets the tab's title from the deepest matched route that declares one. */
export function TitledRoutes() {
  const matches = useMatches();
  const title = matches.map((match) => titleOf(match.handle)).findLast(Boolean);
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  return <Outlet />;
}
