import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../platform/config/loadConfig';
import { operationRoutes } from '../../platform/http/operationRoutes';
import type { AccountRoutesOptions } from './accountRoutesOptions';
import { accountTypeOf, permissionsOf } from './permissions';
import { toCurrentUser, toUserView } from './userViews';

/** /api/user: the current user for everyone signed in, account management for admins. */
export const userRoutes: FastifyPluginAsync<
  AccountRoutesOptions & { config: Pick<Config, 'env' | 'syncRoles'> }
> = async (app, { users, usersService, invitations, config, authenticate }) => {
  const route = operationRoutes(app, authenticate);

  route('usersCurrent', async (request) => toCurrentUser(request.currentUser!));

  route('usersProfile', async (request) => ({
    isDevelopment: config.env === 'development',
    accountType: accountTypeOf(request.currentUser!.role),
  }));

  route('usersPermissions', async (request) => ({
    permissions: permissionsOf(request.currentUser!.role, config),
  }));

  route('usersList', async () => (await users.list()).map(toUserView));

  route('usersCreate', async (request, reply) => {
    const created = await usersService.create(request.currentUser!, request.body);
    const sent = await invitations.invite(request.currentUser!, created);
    return reply.status(201).send({ ...toUserView(created), invitation: sent });
  });

  route('usersInvite', async (request, reply) => {
    const user = await usersService.linkable(request.params.id);
    return reply.status(201).send(await invitations.invite(request.currentUser!, user));
  });

  route('usersSetRole', async (request) =>
    toUserView(await usersService.setRole(request.currentUser!, request.params.id, request.body.role)),
  );

  route('usersSetStatus', async (request) =>
    toUserView(await usersService.setStatus(request.currentUser!, request.params.id, request.body.isActive)),
  );

  route('usersDelete', async (request, reply) => {
    await usersService.remove(request.currentUser!, request.params.id);
    return reply.status(204).send(null);
  });

  route('usersPasswordLink', async (request, reply) => {
    const { user, token, expiresAt } = await usersService.passwordLink(request.params.id);
    return reply.status(201).send({ url: invitations.setPasswordUrl(token), expiresAt, email: user.email });
  });
};
