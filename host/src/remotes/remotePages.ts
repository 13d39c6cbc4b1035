import type { RemoteName } from '@auditdesk/shared/core';

export type { RemoteName };

/** A route whose page comes from a remote, loaded only when the route opens. */
export interface RemotePageDefinition {
  path: string;
  remote: RemoteName;
  /** The exposed module, as the remote's federation config names it. */
  module: `./${string}`;
  /** What users call this part of the app; also names it in the failure panel. */
  label: string;
  /** The page's name in the browser tab ("Leads · Auditdesk"). */
  title: string;
  /** Admin-only pages name what others are refused. */
  adminOnly: false | { deniedMessage: string };
}

const USER_MANAGEMENT_DENIED = "You don't have permission to access user management.";
const RESOURCES_DENIED = "You don't have permission to view resource usage.";
const RELEASES_DENIED = "You don't have permission to manage releases.";

export const REMOTE_PAGES: readonly RemotePageDefinition[] = [
  {
    path: '/scheduling',
    remote: 'remote_scheduling',
    module: './SchedulingPage',
    label: 'Scheduling',
    title: 'Scheduling',
    adminOnly: false,
  },
  {
    path: '/scheduling/agenda',
    remote: 'remote_scheduling',
    module: './AgendaPage',
    label: 'Agenda',
    title: 'Agenda',
    adminOnly: false,
  },
  {
    path: '/leads',
    remote: 'remote_leads',
    module: './LeadsPage',
    label: 'Leads',
    title: 'Leads',
    adminOnly: false,
  },
  {
    path: '/sync',
    remote: 'remote_sync',
    module: './SyncPage',
    label: 'Calendar Sync',
    title: 'Calendar Sync',
    adminOnly: false,
  },
  {
    path: '/user-management',
    remote: 'remote_admin',
    module: './UserManagementPage',
    label: 'User Management',
    title: 'User Management',
    adminOnly: { deniedMessage: USER_MANAGEMENT_DENIED },
  },
  {
    path: '/resources/cloudflare',
    remote: 'remote_admin',
    module: './CloudflareResourcesPage',
    label: 'CloudFlare D1',
    title: 'CloudFlare D1 Resources',
    adminOnly: { deniedMessage: RESOURCES_DENIED },
  },
  {
    path: '/resources/redis',
    remote: 'remote_admin',
    module: './RedisResourcesPage',
    label: 'Redis',
    title: 'Redis Resources',
    adminOnly: { deniedMessage: RESOURCES_DENIED },
  },
  {
    path: '/releases',
    remote: 'remote_admin',
    module: './ReleasesPage',
    label: 'Releases',
    title: 'Releases',
    adminOnly: { deniedMessage: RELEASES_DENIED },
  },
];
