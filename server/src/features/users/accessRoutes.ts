import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../auth/appContext';
import type { Authenticate } from '../auth/authenticate';
import { operationRoutes } from '../auth/operationRoutes';
import { toAccessRecord } from './userViews';

/** /api/useraccess: who may sign in (admins only). */
export const accessRoutes: FastifyPluginAsync<{ ctx: AppContext; authenticate: Authenticate }> = async (
  app,
  { ctx, authenticate },
) => {
  const route = operationRoutes(app, authenticate);
  const { users, usersService, passwordMail } = ctx;

  route('usersAccessList', async () => (await users.list()).map(toAccessRecord));

  route('usersAccessGrant', async (request) => {
    const isNew = !(await users.findByEmail(request.body.email));
    const granted = await usersService.grant(request.currentUser!, request.body);
    if (!isNew) return toAccessRecord(granted);
    return {
      ...toAccessRecord(granted),
      invitation: await passwordMail.invite(request.currentUser!, granted),
    };
  });

  route('usersAccessRevoke', async (request) =>
    toAccessRecord(await usersService.revoke(request.currentUser!, request.body.email)),
  );
};
