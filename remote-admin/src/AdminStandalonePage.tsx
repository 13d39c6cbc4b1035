import { useLocation } from 'react-router-dom';
import CloudflareResourcesPage from './resources/CloudflareResourcesPage';
import RedisResourcesPage from './resources/RedisResourcesPage';
import UserManagementPage from './user-management/UserManagementPage';

/** The admin remote exposes three pages; standalone, the path picks one. */
export function AdminStandalonePage() {
  const { pathname } = useLocation();
  if (pathname.startsWith('/resources/cloudflare')) return <CloudflareResourcesPage />;
  if (pathname.startsWith('/resources/redis')) return <RedisResourcesPage />;
  return <UserManagementPage />;
}
