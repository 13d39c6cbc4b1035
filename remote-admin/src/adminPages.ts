import type { StandalonePages } from '@auditdesk/shared';
import BackupsPage from './backups/BackupsPage';
import ReleasesPage from './releases/ReleasesPage';
import CloudflareResourcesPage from './resources/CloudflareResourcesPage';
import RedisResourcesPage from './resources/RedisResourcesPage';
import UserManagementPage from './user-management/UserManagementPage';

/** The pages this remote exposes, by module (the remote manifest's): its own dev server routes them. */
export const ADMIN_PAGES: StandalonePages<'remote_admin'> = {
  './UserManagementPage': UserManagementPage,
  './CloudflareResourcesPage': CloudflareResourcesPage,
  './RedisResourcesPage': RedisResourcesPage,
  './ReleasesPage': ReleasesPage,
  './BackupsPage': BackupsPage,
};
