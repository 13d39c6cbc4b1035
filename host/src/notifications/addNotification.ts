import type { Notification, NotificationsPage } from '@auditdesk/shared';
import { BELL_PAGE_SIZE } from './notificationsApi';

/** The bell's page with a notification that just arrived on top (once, however often it is told). */
export function addNotification(
  page: NotificationsPage | undefined,
  added: Notification,
): NotificationsPage | undefined {
  if (!page || page.items.some((item) => item.id === added.id)) return page;
  return {
    ...page,
    items: [added, ...page.items].slice(0, BELL_PAGE_SIZE),
    total: page.total + 1,
    unreadCount: page.unreadCount + (added.read ? 0 : 1),
  };
}

/** The page with these (or all) notifications read. */
export function readNotifications(
  page: NotificationsPage | undefined,
  which: number[] | 'all',
  unreadCount: number,
) {
  if (!page) return page;
  return {
    ...page,
    unreadCount,
    items: page.items.map((item) =>
      which === 'all' || which.includes(item.id) ? { ...item, read: true } : item,
    ),
  };
}
