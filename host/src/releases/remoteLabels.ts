import type { RemoteName } from '../remotes/remotePages';

/** What the banner calls each remote: "A new version of Leads is available". */
export const REMOTE_LABELS: Record<RemoteName, string> = {
  remote_leads: 'Leads',
  remote_scheduling: 'Scheduling',
  remote_sync: 'Calendar Sync',
  remote_admin: 'the admin pages',
};
