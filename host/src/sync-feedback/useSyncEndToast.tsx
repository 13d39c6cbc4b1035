import {
  syncHubClient,
  toastFailure,
  toastSuccess,
  type Notification,
  type SyncHubClient,
} from '@auditdesk/shared';
import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

const SYNC_PATH = '/sync';
const SYNC_KINDS: readonly Notification['kind'][] = ['sync-succeeded', 'sync-failed'];
const LINKED_TOAST_MS = 15_000;

/**
 * Whoever started it, a sync that ends while the user is on another screen says so in a
 * toast (its message names how many leads need review); the Sync screen shows the outcome
 * itself. When the run's notification follows with a link to those leads, a second toast
 * offers it.
 * Listens on the page's one hub connection (the bell keeps it open) and holds no hub status,
 * so the layout does not re-render when the connection changes.
 */
export function useSyncEndToast(client: SyncHubClient = syncHubClient): void {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const currentPath = useRef(pathname);
  useEffect(() => {
    currentPath.current = pathname;
  }, [pathname]);
  const latestNavigate = useRef(navigate);
  useEffect(() => {
    latestNavigate.current = navigate;
  });

  useEffect(() => {
    const away = () => !currentPath.current.startsWith(SYNC_PATH);
    const stops = [
      client.on('SyncCompleted', (success, message) => {
        if (!away()) return;
        if (success) toastSuccess(message, 'Sync finished');
        else toastFailure(message, 'Sync failed');
      }),
      client.on('NotificationAdded', (item) => {
        if (!away() || !SYNC_KINDS.includes(item.kind) || item.link === SYNC_PATH) return;
        const id = `sync-end-link-${item.id}`;
        notifications.show({
          id,
          color: 'orange',
          title: 'Leads need review',
          autoClose: LINKED_TOAST_MS,
          message: (
            <Anchor
              size="sm"
              href={item.link}
              onClick={(event) => {
                event.preventDefault();
                notifications.hide(id);
                latestNavigate.current(item.link);
              }}
            >
              Show the leads that need review
            </Anchor>
          ),
        });
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }, [client]);
}
