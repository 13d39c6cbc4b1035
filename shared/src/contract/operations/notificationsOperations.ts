import { defineOperations } from './operation';

/** /api/notifications: the bell of the signed-in user. */
export const notificationsOperations = defineOperations({
  notificationsList: { method: 'GET', path: '/notifications', access: 'signed-in' },
  notificationsMarkRead: { method: 'POST', path: '/notifications/read', access: 'signed-in' },
});
