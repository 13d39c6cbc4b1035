/** The four remotes: their federation name, build folder, URL path and setting. */
export const REMOTES = [
  { name: 'remote_leads', folder: 'remote-leads', path: 'leads', setting: 'REMOTE_LEADS_URL' },
  {
    name: 'remote_scheduling',
    folder: 'remote-scheduling',
    path: 'scheduling',
    setting: 'REMOTE_SCHEDULING_URL',
  },
  { name: 'remote_sync', folder: 'remote-sync', path: 'sync', setting: 'REMOTE_SYNC_URL' },
  { name: 'remote_admin', folder: 'remote-admin', path: 'admin', setting: 'REMOTE_ADMIN_URL' },
] as const;

export type RemoteDefinition = (typeof REMOTES)[number];

export function defaultRemoteUrl(remote: RemoteDefinition): string {
  return `/remotes/${remote.path}/mf-manifest.json`;
}
