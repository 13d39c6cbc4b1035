import { queryKeys, syncHubClient, type NotificationsPage, type SyncHubClient } from '@auditdesk/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { addNotification, readNotifications } from './addNotification';
import { markRead, notificationsQuery } from './notificationsApi';

/**
 * The bell's notifications: read from the API, then kept current by the hub's
 * NotificationAdded (the page's one hub connection, opened here for the whole visit).
 */
export function useNotifications(client: SyncHubClient = syncHubClient) {
  const queryClient = useQueryClient();
  const query = useQuery(notificationsQuery);

  useEffect(() => {
    const stop = client.on('NotificationAdded', (added) =>
      queryClient.setQueryData<NotificationsPage>(queryKeys.notifications, (page) =>
        addNotification(page, added),
      ),
    );
    client.start().catch(() => undefined); // the list still refreshes every minute
    return stop;
  }, [client, queryClient]);

  const read = useMutation({
    mutationFn: (which: number[] | 'all') => markRead(which),
    onSuccess: ({ unreadCount }, which) =>
      queryClient.setQueryData<NotificationsPage>(queryKeys.notifications, (page) =>
        readNotifications(page, which, unreadCount),
      ),
  });

  return { page: query.data, failed: query.isError, markRead: read.mutate };
}
