import { REMOTE_MANIFEST, SIDEBAR_GROUPS, type RemotePageEntry } from '@auditdesk/shared/remotes';
import { APP_PAGES, type UsableMark } from './appPages';

/** A screen the sidebar opens, how to reach its link and when it is usable. */
export interface SidebarScreen {
  route: string;
  /** the link's accessible name */
  label: string;
  /** the sidebar group to open first, by its accessible name */
  group: string | null;
  /** all of them on screen, and no skeleton or loader left in the page */
  usableWhen: UsableMark[];
}

/** Each page's heading (its <h1>): the previous page's heading stays until the next one renders. */
const HEADINGS: Record<string, string> = {
  '/scheduling': 'Scheduling Management',
  '/leads': 'Lead Management',
  '/sync': 'Calendar Sync',
  '/user-management': 'User Management',
  '/resources/cloudflare': 'CloudFlare D1 Resources',
  '/resources/redis': 'Redis Resources',
  '/releases': 'Releases',
  '/backups': 'Backups',
};

/** An admin's sidebar, in its order (the remote manifest's, grouped pages last, as the host draws it). */
export function sidebarScreens(): SidebarScreen[] {
  const pages = REMOTE_MANIFEST.flatMap((remote): readonly RemotePageEntry[] => remote.pages).filter(
    (page) => page.sidebar,
  );
  const ordered = [
    ...pages.filter((page) => !page.sidebar?.group),
    ...pages.filter((page) => page.sidebar?.group),
  ];
  return ordered.map((page) => {
    const heading = HEADINGS[page.route];
    if (!heading) throw new Error(`no heading is known for ${page.route}: add it to sidebarScreens.ts`);
    const known = APP_PAGES.find((appPage) => appPage.path === page.route)?.usableWhen ?? [];
    const group = page.sidebar?.group;
    return {
      route: page.route,
      label: page.label,
      group: group ? SIDEBAR_GROUPS[group].label : null,
      usableWhen: [{ selector: 'h1', text: heading }, ...known.filter((mark) => mark.selector !== 'h1')],
    };
  });
}

/** Anything that says the page is still loading: Mantine's skeletons and loaders, a busy region. */
export const STILL_LOADING =
  'main .mantine-Skeleton-root[data-visible], main .mantine-Loader-root:not(button *), main [aria-busy="true"]';
