import { markReadBody, notificationsPage, notificationsQuery, unreadCount } from '../notifications';
import type { notificationsOperations } from './notificationsOperations';
import { taggedIo, type IoTable } from './operation';

export const notificationsIo = taggedIo('Notifications', {
  notificationsList: {
    summary: 'Your notifications, newest first, with the unread count',
    description:
      '20 a page, up to 100: finished syncs for everyone, access changes for Admins; kept 90 days.',
    query: notificationsQuery,
    response: { 200: notificationsPage },
  },
  notificationsMarkRead: {
    summary: 'Mark some, or all, of your notifications read',
    description: "New notifications are pushed to the user's open pages over the hub as NotificationAdded.",
    body: markReadBody,
    response: { 200: unreadCount },
  },
} satisfies IoTable<typeof notificationsOperations>);
