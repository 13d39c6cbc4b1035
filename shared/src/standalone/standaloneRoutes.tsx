import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { REMOTE_MANIFEST, type RemoteDefinition, type RemoteName } from '../contract/remoteManifest';
import { AdminOnly } from '../ui/AdminOnly';

/** The modules a remote exposes as pages (the remote manifest's). */
export type PageModulesOf<Name extends RemoteName> = Extract<
  RemoteDefinition,
  { name: Name }
>['pages'][number]['module'];

/** Each page of a remote by its exposed module: every page the manifest lists, no fewer. */
export type StandalonePages<Name extends RemoteName> = Record<PageModulesOf<Name>, ComponentType>;

/**
 * A remote's pages on its own dev server, from the remote manifest: each at its route, an
 * admin-only one refused to others with the manifest's message (as the host does); any other
 * address shows the first page.
 */
export function standaloneRoutes<Name extends RemoteName>(
  remote: Name,
  pages: StandalonePages<Name>,
): RouteObject[] {
  const entry = REMOTE_MANIFEST.find((candidate) => candidate.name === remote)!;
  const routes = entry.pages.map((page) => {
    const Page: ComponentType = pages[page.module as PageModulesOf<Name>];
    return {
      path: page.route,
      element: page.adminOnly ? (
        <AdminOnly deniedMessage={page.adminOnly.deniedMessage}>
          <Page />
        </AdminOnly>
      ) : (
        <Page />
      ),
    };
  });
  return [...routes, { path: '*', element: routes[0]!.element }];
}
