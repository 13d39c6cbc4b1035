import { queryKeys, syncHubClient, type NotificationsPage, type SyncHubClient } from '@auditdesk/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { addNotification, readNotifications } from './addNotification';
import { markRead, notificationsQuery } from './notificationsApi';

/**
 * How long after the layout appears the page opens its hub connection for the bell: the
 * connection and the SignalR client's code are no part of showing the page, so they
 * wait until the page has had time to load what it came for.
 */
export const LIVE_NOTIFICATIONS_AFTER_MS = 2000;

/**
 * The bell's notifications: read from the API, then kept current by the hub's
 * NotificationAdded (the page's one hub connection, opened here for the whole visit,
 * `liveAfterMs` after the layout appears; the list is read again once it is up, for
 * whatever came meanwhile).
 */
export function useNotifications(
  client: SyncHubClient = syncHubClient,
  liveAfterMs = LIVE_NOTIFICATIONS_AFTER_MS,
) {
  const queryClient = useQueryClient();
  const query = useQuery(notificationsQuery);

  useEffect(() => {
    const stop = client.on('NotificationAdded', (added) =>
      queryClient.setQueryData<NotificationsPage>(queryKeys.notifications, (page) =>
        addNotification(page, added),
      ),
    );
    const timer = setTimeout(() => {
      client
        .start()
        .then(() => queryClient.invalidateQueries({ queryKey: queryKeys.notifications }))
        .catch(() => undefined); // the list still refreshes every minute
    }, liveAfterMs);
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [client, queryClient, liveAfterMs]);

  const read = useMutation({
    mutationFn: (which: number[] | 'all') => markRead(which),
    onSuccess: ({ unreadCount }, which) =>
      queryClient.setQueryData<NotificationsPage>(queryKeys.notifications, (page) =>
        readNotifications(page, which, unreadCount),
      ),
  });

  return { page: query.data, failed: query.isError, markRead: read.mutate };
}
