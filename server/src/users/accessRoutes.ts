import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../appContext';
import type { Authenticate } from '../auth/authenticate';
import { grantBody, revokeBody } from './userSchemas';
import { toAccessRecord } from './userViews';

/** /api/useraccess: who may sign in (admins only). */
export const accessRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; authenticate: Authenticate }> = async (
  app,
  { ctx, authenticate },
) => {
  const { users, usersService } = ctx;
  app.addHook('preHandler', authenticate('Admin'));

  app.get('/', async () => users.list().map(toAccessRecord));

  app.post('/grant', { schema: { body: grantBody } }, async (request) =>
    toAccessRecord(usersService.grant(request.currentUser!, request.body)),
  );

  app.post('/revoke', { schema: { body: revokeBody } }, async (request) =>
    toAccessRecord(usersService.revoke(request.currentUser!, request.body.email)),
  );
};
