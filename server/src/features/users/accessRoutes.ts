import type { FastifyPluginAsync } from 'fastify';
import { operationRoutes } from '../../platform/http/operationRoutes';
import type { AccountRoutesOptions } from './accountRoutesOptions';
import { toAccessRecord } from './userViews';

/** /api/useraccess: who may sign in (admins only). */
export const accessRoutes: FastifyPluginAsync<AccountRoutesOptions> = async (
  app,
  { users, usersService, invitations, authenticate },
) => {
  const route = operationRoutes(app, authenticate);

  route('usersAccessList', async () => (await users.list()).map(toAccessRecord));

  route('usersAccessGrant', async (request) => {
    const isNew = !(await users.findByEmail(request.body.email));
    const granted = await usersService.grant(request.currentUser!, request.body);
    if (!isNew) return toAccessRecord(granted);
    return {
      ...toAccessRecord(granted),
      invitation: await invitations.invite(request.currentUser!, granted),
    };
  });

  route('usersAccessRevoke', async (request) =>
    toAccessRecord(await usersService.revoke(request.currentUser!, request.body.email)),
  );
};
