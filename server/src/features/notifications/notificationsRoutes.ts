import type { FastifyPluginAsync } from 'fastify';
import type { Authenticate } from '../../platform/http/authenticate';
import { operationRoutes } from '../../platform/http/operationRoutes';
import type { NotificationsRepository } from './notificationsRepository';

/** /api/notifications: the bell of the signed-in user. */
export const notificationsRoutes: FastifyPluginAsync<{
  notifications: NotificationsRepository;
  authenticate: Authenticate;
}> = async (app, { notifications, authenticate }) => {
  const route = operationRoutes(app, authenticate);

  route('notificationsList', async (request) => {
    const { id, role } = request.currentUser!;
    const { page, pageSize } = request.query;
    return { ...(await notifications.page(id, role, page, pageSize)), page, pageSize };
  });

  route('notificationsMarkRead', async (request) => {
    const { id, role } = request.currentUser!;
    const ids = 'ids' in request.body ? request.body.ids : null;
    return { unreadCount: await notifications.markRead(id, role, ids) };
  });
};
