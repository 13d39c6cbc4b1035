// The one list of the browser apps (DESIGN.md section 15, issue 19): each remote declared
// once, with its pages. The webpack factory, `pnpm dev`/`pnpm start`, the server's remote list
// and /remotes.json, and the host's routes and sidebar are all derived from it, so adding a
// page is one entry here (its file in the remote aside). Plain data, no imports: the webpack
// configs read it too, and the host bundles it in its entry (it is not a shared module).

/** The sidebar's icons, named here and drawn by the host (host/src/layout/navIcons.ts). */
export type NavIconName =
  | 'calendar-stats'
  | 'users'
  | 'refresh'
  | 'user-shield'
  | 'rocket'
  | 'server'
  | 'database'
  | 'bolt'
  | 'archive';

/** Sidebar entries that open to show their pages (admin pages about one subject). */
export const SIDEBAR_GROUPS = {
  resources: { label: 'Resources', icon: 'server' },
} as const satisfies Record<string, { label: string; icon: NavIconName }>;
export type SidebarGroupId = keyof typeof SIDEBAR_GROUPS;

export interface RemotePageEntry {
  /** The host's route. */
  route: string;
  /** The exposed module's name and its file in the remote's folder. */
  module: `./${string}`;
  file: `./src/${string}`;
  /** What users call the page: its sidebar link and its name in the failure panel. */
  label: string;
  /** The browser tab's name ("… · Auditdesk") when it is not the label. */
  title?: string;
  /** Admin-only pages name what others are refused. */
  adminOnly: false | { deniedMessage: string };
  /** Its sidebar link (in a group, after the plain links), or null: reached from another page. */
  sidebar: { icon: NavIconName; group?: SidebarGroupId } | null;
}

export interface RemoteEntry {
  /** The federation container's name. */
  name: `remote_${string}`;
  /** Its pnpm package and folder. */
  folder: `remote-${string}`;
  /** Where the server serves its build: /remotes/<path>/; its setting is REMOTE_<PATH>_URL. */
  path: string;
  /** What users call it (release notices, its page title when run on its own). */
  label: string;
  /** How a sentence names it when not by its label ("A new version of the admin pages…"). */
  inSentence?: string;
  devPort: number;
  /** The pages it exposes, in sidebar order. */
  pages: readonly RemotePageEntry[];
}

/** The shell: it exposes nothing and routes to the remotes' pages. */
export const HOST_APP = { name: 'host', folder: 'host', label: 'Auditdesk', devPort: 3000 } as const;

const RESOURCES_DENIED = "You don't have permission to view resource usage.";

/** Sidebar order: the remotes' pages in this order, grouped ones after the others. */
export const REMOTE_MANIFEST = [
  {
    name: 'remote_scheduling',
    folder: 'remote-scheduling',
    path: 'scheduling',
    label: 'Scheduling',
    devPort: 3002,
    pages: [
      {
        route: '/scheduling',
        module: './SchedulingPage',
        file: './src/scheduling/SchedulingPage.tsx',
        label: 'Scheduling',
        adminOnly: false,
        sidebar: { icon: 'calendar-stats' },
      },
      {
        route: '/scheduling/agenda',
        module: './AgendaPage',
        file: './src/agenda/AgendaPage.tsx',
        label: 'Agenda',
        adminOnly: false,
        sidebar: null,
      },
    ],
  },
  {
    name: 'remote_leads',
    folder: 'remote-leads',
    path: 'leads',
    label: 'Leads',
    devPort: 3001,
    pages: [
      {
        route: '/leads',
        module: './LeadsPage',
        file: './src/leads/LeadsPage.tsx',
        label: 'Leads',
        adminOnly: false,
        sidebar: { icon: 'users' },
      },
    ],
  },
  {
    name: 'remote_sync',
    folder: 'remote-sync',
    path: 'sync',
    label: 'Calendar Sync',
    devPort: 3003,
    pages: [
      {
        route: '/sync',
        module: './SyncPage',
        file: './src/sync/SyncPage.tsx',
        label: 'Calendar Sync',
        adminOnly: false,
        sidebar: { icon: 'refresh' },
      },
    ],
  },
  {
    name: 'remote_admin',
    folder: 'remote-admin',
    path: 'admin',
    label: 'Admin',
    inSentence: 'the admin pages',
    devPort: 3004,
    pages: [
      {
        route: '/user-management',
        module: './UserManagementPage',
        file: './src/user-management/UserManagementPage.tsx',
        label: 'User Management',
        adminOnly: { deniedMessage: "You don't have permission to access user management." },
        sidebar: { icon: 'user-shield' },
      },
      {
        route: '/resources/cloudflare',
        module: './CloudflareResourcesPage',
        file: './src/resources/CloudflareResourcesPage.tsx',
        label: 'CloudFlare D1',
        title: 'CloudFlare D1 Resources',
        adminOnly: { deniedMessage: RESOURCES_DENIED },
        sidebar: { icon: 'database', group: 'resources' },
      },
      {
        route: '/resources/redis',
        module: './RedisResourcesPage',
        file: './src/resources/RedisResourcesPage.tsx',
        label: 'Redis',
        title: 'Redis Resources',
        adminOnly: { deniedMessage: RESOURCES_DENIED },
        sidebar: { icon: 'bolt', group: 'resources' },
      },
      {
        route: '/releases',
        module: './ReleasesPage',
        file: './src/releases/ReleasesPage.tsx',
        label: 'Releases',
        adminOnly: { deniedMessage: "You don't have permission to manage releases." },
        sidebar: { icon: 'rocket' },
      },
      {
        route: '/backups',
        module: './BackupsPage',
        file: './src/backups/BackupsPage.tsx',
        label: 'Backups',
        adminOnly: { deniedMessage: "You don't have permission to manage backups." },
        sidebar: { icon: 'archive' },
      },
    ],
  },
] as const satisfies readonly RemoteEntry[];

export type RemoteDefinition = (typeof REMOTE_MANIFEST)[number];
export type RemoteName = RemoteDefinition['name'];

/**
 * A tab is one page load: the host names it with a random id when it starts and sends it in
 * this header with /remotes.json (and in its load reports). /remotes.json keeps answering a
 * tab the release of a remote it has loaded, until the tab loads a new page (DESIGN.md
 * section 26): a page never mixes two releases of one remote.
 */
export const TAB_HEADER = 'x-auditdesk-tab';
