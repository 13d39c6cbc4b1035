import { markReadBody, notificationsPage, notificationsQuery, unreadCount } from '@auditdesk/shared/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Authenticate } from '../auth/authenticate';
import { guardEveryRoute } from '../auth/guardEveryRoute';
import type { NotificationsRepository } from './notificationsRepository';

const tags = ['Notifications'];

/** /api/notifications: the bell of the signed-in user. */
export const notificationsRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationsRepository;
  authenticate: Authenticate;
}> = async (app, { notifications, authenticate }) => {
  guardEveryRoute(app, authenticate());

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Your notifications, newest first, with the unread count',
        querystring: notificationsQuery,
        response: { 200: notificationsPage },
      },
    },
    async (request) => {
      const { id, role } = request.currentUser!;
      const { page, pageSize } = request.query;
      return { ...(await notifications.page(id, role, page, pageSize)), page, pageSize };
    },
  );

  app.post(
    '/read',
    {
      schema: {
        tags,
        summary: 'Mark some, or all, of your notifications read',
        body: markReadBody,
        response: { 200: unreadCount },
      },
    },
    async (request) => {
      const { id, role } = request.currentUser!;
      const ids = 'ids' in request.body ? request.body.ids : null;
      return { unreadCount: await notifications.markRead(id, role, ids) };
    },
  );
};
