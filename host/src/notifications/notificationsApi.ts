import { api, queryKeys, routes } from '@auditdesk/shared';

export const BELL_PAGE_SIZE = 20;

/** The bell's newest notifications; looked at again every minute (runs of `pnpm sync` are not pushed). */
export const notificationsQuery = {
  queryKey: queryKeys.notifications,
  queryFn: () => api(routes.notificationsList, { query: { page: 1, pageSize: BELL_PAGE_SIZE } }),
  refetchInterval: 60_000,
};

/** Marks some, or all, of the signed-in user's notifications read. */
export function markRead(which: number[] | 'all'): Promise<{ unreadCount: number }> {
  return api(routes.notificationsMarkRead, { body: which === 'all' ? { all: true } : { ids: which } });
}
