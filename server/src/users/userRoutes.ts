import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../appContext';
import type { Authenticate } from '../auth/authenticate';
import { currentUserResponse } from '../auth/authSchemas';
import { accountTypeOf, ROLE_PERMISSIONS } from './permissions';
import { createUserBody, idParams, roleBody, statusBody } from './userSchemas';
import { toCurrentUser, toUserView } from './userViews';

/** /api/user: the current user for everyone signed in, account management for admins. */
export const userRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; authenticate: Authenticate }> = async (
  app,
  { ctx, authenticate },
) => {
  const { users, usersService, passwordLinks, config } = ctx;
  const signedIn = authenticate();
  const admin = authenticate('Admin');

  app.get(
    '/',
    { preHandler: signedIn, schema: { response: { 200: currentUserResponse } } },
    async (request) => toCurrentUser(request.currentUser!),
  );

  app.get('/profile', { preHandler: signedIn }, async (request) => ({
    isDevelopment: config.env === 'development',
    accountType: accountTypeOf(request.currentUser!.role),
  }));

  app.get('/permissions', { preHandler: signedIn }, async (request) => ({
    permissions: ROLE_PERMISSIONS[request.currentUser!.role],
  }));

  app.get('/list', { preHandler: admin }, async () => users.list().map(toUserView));

  app.post('/create', { preHandler: admin, schema: { body: createUserBody } }, async (request, reply) =>
    reply.status(201).send(toUserView(usersService.create(request.body))),
  );

  app.put('/:id/role', { preHandler: admin, schema: { params: idParams, body: roleBody } }, async (request) =>
    toUserView(usersService.setRole(request.currentUser!, request.params.id, request.body.role)),
  );

  app.put(
    '/:id/status',
    { preHandler: admin, schema: { params: idParams, body: statusBody } },
    async (request) =>
      toUserView(usersService.setStatus(request.currentUser!, request.params.id, request.body.isActive)),
  );

  app.delete('/:id', { preHandler: admin, schema: { params: idParams } }, async (request, reply) => {
    usersService.remove(request.currentUser!, request.params.id);
    return reply.status(204).send();
  });

  app.post(
    '/:id/password-link',
    { preHandler: admin, schema: { params: idParams } },
    async (request, reply) => {
      const user = usersService.mustFind(request.params.id);
      const { token, expiresAt } = passwordLinks.create(user.id);
      const base = config.publicUrl ?? `${request.protocol}://${request.host}`;
      return reply
        .status(201)
        .send({ url: `${base}/set-password?token=${token}`, expiresAt, email: user.email });
    },
  );
};
