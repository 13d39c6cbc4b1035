import {
  createdUser,
  createUserBody,
  invitation,
  currentUser,
  idParams,
  noContent,
  passwordLink,
  permissions,
  profile,
  roleBody,
  statusBody,
  userView,
} from '@auditdesk/shared/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../auth/appContext';
import type { Authenticate } from '../auth/authenticate';
import { accountTypeOf, ROLE_PERMISSIONS } from './permissions';
import { toCurrentUser, toUserView } from './userViews';

const tags = ['Users'];

/** /api/user: the current user for everyone signed in, account management for admins. */
export const userRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; authenticate: Authenticate }> = async (
  app,
  { ctx, authenticate },
) => {
  const { users, usersService, passwordMail, config } = ctx;
  const signedIn = authenticate();
  const admin = authenticate('Admin');

  app.get(
    '/',
    { onRequest: signedIn, schema: { tags, summary: 'The signed-in user', response: { 200: currentUser } } },
    async (request) => toCurrentUser(request.currentUser!),
  );

  app.get(
    '/profile',
    {
      onRequest: signedIn,
      schema: { tags, summary: "The signed-in user's profile", response: { 200: profile } },
    },
    async (request) => ({
      isDevelopment: config.env === 'development',
      accountType: accountTypeOf(request.currentUser!.role),
    }),
  );

  app.get(
    '/permissions',
    {
      onRequest: signedIn,
      schema: { tags, summary: 'What the signed-in user may do', response: { 200: permissions } },
    },
    async (request) => ({ permissions: [...ROLE_PERMISSIONS[request.currentUser!.role]] }),
  );

  app.get(
    '/list',
    {
      onRequest: admin,
      schema: { tags, summary: 'Every user (Admin)', response: { 200: z.array(userView) } },
    },
    async () => (await users.list()).map(toUserView),
  );

  app.post(
    '/create',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Create a user and invite them (Admin)',
        description:
          'The invitation is e-mailed when the server has SMTP; otherwise the answer holds the set-password link to pass on.',
        body: createUserBody,
        response: { 201: createdUser },
      },
    },
    async (request, reply) => {
      const created = await usersService.create(request.currentUser!, request.body);
      const sent = await passwordMail.invite(request.currentUser!, created);
      return reply.status(201).send({ ...toUserView(created), invitation: sent });
    },
  );

  app.post(
    '/:id/invitation',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Send the invitation again, with a new link (Admin); older links die',
        params: idParams,
        response: { 201: invitation },
      },
    },
    async (request, reply) => {
      const user = await usersService.linkable(request.params.id);
      return reply.status(201).send(await passwordMail.invite(request.currentUser!, user));
    },
  );

  app.put(
    '/:id/role',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: "Change a user's role (Admin)",
        params: idParams,
        body: roleBody,
        response: { 200: userView },
      },
    },
    async (request) =>
      toUserView(await usersService.setRole(request.currentUser!, request.params.id, request.body.role)),
  );

  app.put(
    '/:id/status',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Activate or deactivate a user (Admin); deactivating ends their sign-ins',
        params: idParams,
        body: statusBody,
        response: { 200: userView },
      },
    },
    async (request) =>
      toUserView(
        await usersService.setStatus(request.currentUser!, request.params.id, request.body.isActive),
      ),
  );

  app.delete(
    '/:id',
    {
      onRequest: admin,
      schema: { tags, summary: 'Delete a user (Admin)', params: idParams, response: { 204: noContent } },
    },
    async (request, reply) => {
      await usersService.remove(request.currentUser!, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/:id/password-link',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'A one-time link to set a password, valid 24 hours (Admin); older links die',
        params: idParams,
        response: { 201: passwordLink },
      },
    },
    async (request, reply) => {
      const { user, token, expiresAt } = await usersService.passwordLink(request.params.id);
      return reply
        .status(201)
        .send({ url: passwordMail.setPasswordUrl(token), expiresAt, email: user.email });
    },
  );
};
