import { AdminOnly } from '@auditdesk/shared';
import { REMOTE_MANIFEST, SIDEBAR_GROUPS } from '@auditdesk/shared/remotes';
import { isValidElement, type ReactElement } from 'react';
import type { RouteObject } from 'react-router-dom';
import { sidebarItems } from '../layout/navItems';
import { RemotePage } from '../remotes/RemotePage';
import { routes } from './routes';

/** Every route of the app with a path, found in the route table itself. */
function flatten(list: RouteObject[]): RouteObject[] {
  return list.flatMap((route) => [...(route.path ? [route] : []), ...flatten(route.children ?? [])]);
}

/** The remote page a route renders, and the refusal it is wrapped in (admin-only pages). */
function renderedPage(route: RouteObject) {
  let element = route.element as ReactElement<{ deniedMessage?: string; children?: unknown; page?: unknown }>;
  if (!isValidElement(element)) return null;
  const deniedMessage = element.type === AdminOnly ? element.props.deniedMessage : undefined;
  if (deniedMessage !== undefined) element = element.props.children as typeof element;
  return isValidElement(element) && element.type === RemotePage
    ? { page: element.props.page, deniedMessage }
    : null;
}

const pages = REMOTE_MANIFEST.flatMap((remote) =>
  remote.pages.map((page) => ({ remote: remote.name, page })),
);
const byPath = new Map(flatten(routes).map((route) => [route.path, route]));

describe('the host from the remote manifest (shared/src/contract/remoteManifest.ts)', () => {
  it('routes every page of every remote to that remote module, titled, refused to non-admins when admin-only', () => {
    for (const { remote, page } of pages) {
      const route = byPath.get(page.route);
      expect([page.route, route && renderedPage(route)]).toEqual([
        page.route,
        {
          page: expect.objectContaining({ path: page.route, remote, module: page.module, label: page.label }),
          deniedMessage: page.adminOnly ? page.adminOnly.deniedMessage : undefined,
        },
      ]);
      expect(route!.handle).toEqual({ title: 'title' in page ? page.title : page.label });
    }
    const remoteRoutes = flatten(routes).filter((route) => renderedPage(route));
    expect(remoteRoutes.map((route) => route.path).sort()).toEqual(
      pages.map(({ page }) => page.route).sort(),
    );
  });

  it('gives an admin a sidebar link for every page that has one, in its group if it has one', () => {
    const { links, groups } = sidebarItems(true);
    const shown = [
      ...links.map((link) => link.to),
      ...groups.flatMap((group) => group.children.map((link) => link.to)),
    ];
    expect(shown.sort()).toEqual(
      pages
        .filter(({ page }) => page.sidebar)
        .map(({ page }) => page.route)
        .sort(),
    );
    for (const group of groups) {
      const id = Object.keys(SIDEBAR_GROUPS).find(
        (key) => SIDEBAR_GROUPS[key as keyof typeof SIDEBAR_GROUPS].label === group.label,
      );
      const members = pages.filter(
        ({ page }) => page.sidebar && 'group' in page.sidebar && page.sidebar.group === id,
      );
      expect(group.children.map((link) => link.to)).toEqual(members.map(({ page }) => page.route));
    }
    for (const link of [...links, ...groups.flatMap((group) => group.children)])
      expect(link.icon).toBeDefined();
  });

  it('keeps the sidebar in the order people know, admin pages for admins only', () => {
    const order = (isAdmin: boolean) => {
      const { links, groups } = sidebarItems(isAdmin);
      return [
        ...links.map((link) => link.label),
        ...groups.map((group) => `${group.label}: ${group.children.map((link) => link.label).join(', ')}`),
      ];
    };
    expect(order(false)).toEqual(['Scheduling', 'Leads', 'Calendar Sync']);
    expect(order(true)).toEqual([
      'Scheduling',
      'Leads',
      'Calendar Sync',
      'User Management',
      'Releases',
      'Backups',
      'Resources: CloudFlare D1, Redis',
    ]);
  });
});
