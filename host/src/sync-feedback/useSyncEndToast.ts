import { syncHubClient, toastFailure, toastSuccess, type SyncHubClient } from '@auditdesk/shared';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

const SYNC_PATH = '/sync';

/**
 * Whoever started it, a sync that ends while the user is on another screen says so in a
 * toast; the Sync screen shows the outcome itself. Listens on the page's one hub
 * connection (the bell keeps it open) and holds no hub status, so the layout does not
 * re-render when the connection changes.
 */
export function useSyncEndToast(client: SyncHubClient = syncHubClient): void {
  const { pathname } = useLocation();
  const currentPath = useRef(pathname);
  useEffect(() => {
    currentPath.current = pathname;
  }, [pathname]);

  useEffect(() => {
    const stop = client.on('SyncCompleted', (success, message) => {
      if (currentPath.current.startsWith(SYNC_PATH)) return;
      if (success) toastSuccess(message, 'Sync finished');
      else toastFailure(message, 'Sync failed');
    });
    return stop;
  }, [client]);
}
