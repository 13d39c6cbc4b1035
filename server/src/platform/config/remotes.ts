import type { RemoteName } from '@auditdesk/shared/core';

/**
 * The four remotes: their federation name, build folder, URL path, setting, what users call
 * them, and the modules the host routes to (a release must expose every one).
 */
export const REMOTES = [
  {
    name: 'remote_leads',
    folder: 'remote-leads',
    path: 'leads',
    setting: 'REMOTE_LEADS_URL',
    label: 'Leads',
    exposes: ['./LeadsPage'],
  },
  {
    name: 'remote_scheduling',
    folder: 'remote-scheduling',
    path: 'scheduling',
    setting: 'REMOTE_SCHEDULING_URL',
    label: 'Scheduling',
    exposes: ['./SchedulingPage', './AgendaPage'],
  },
  {
    name: 'remote_sync',
    folder: 'remote-sync',
    path: 'sync',
    setting: 'REMOTE_SYNC_URL',
    label: 'Calendar Sync',
    exposes: ['./SyncPage'],
  },
  {
    name: 'remote_admin',
    folder: 'remote-admin',
    path: 'admin',
    setting: 'REMOTE_ADMIN_URL',
    label: 'Admin',
    exposes: ['./UserManagementPage', './CloudflareResourcesPage', './RedisResourcesPage', './ReleasesPage'],
  },
] as const satisfies readonly { name: RemoteName; [key: string]: unknown }[];

export type RemoteDefinition = (typeof REMOTES)[number];

export function defaultRemoteUrl(remote: RemoteDefinition): string {
  return `/remotes/${remote.path}/mf-manifest.json`;
}

export function remoteNamed(name: RemoteName): RemoteDefinition {
  return REMOTES.find((remote) => remote.name === name)!;
}
