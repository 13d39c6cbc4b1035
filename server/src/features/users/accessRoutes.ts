import { accessRecord, grantBody, grantResponse, revokeBody } from '@auditdesk/shared/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../auth/appContext';
import { guardEveryRoute } from '../auth/guardEveryRoute';
import type { Authenticate } from '../auth/authenticate';
import { toAccessRecord } from './userViews';

const tags = ['Users'];

/** /api/useraccess: who may sign in (admins only). */
export const accessRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; authenticate: Authenticate }> = async (
  app,
  { ctx, authenticate },
) => {
  const { users, usersService, passwordMail } = ctx;
  guardEveryRoute(app, authenticate('Admin'));

  app.get(
    '/',
    { schema: { tags, summary: 'Access records (Admin)', response: { 200: z.array(accessRecord) } } },
    async () => (await users.list()).map(toAccessRecord),
  );

  app.post(
    '/grant',
    {
      schema: {
        tags,
        summary: 'Give an e-mail access, creating its account when new (Admin)',
        description:
          'A new account is invited: by e-mail when the server has SMTP, otherwise the answer holds the set-password link to pass on.',
        body: grantBody,
        response: { 200: grantResponse },
      },
    },
    async (request) => {
      const isNew = !(await users.findByEmail(request.body.email));
      const granted = await usersService.grant(request.currentUser!, request.body);
      if (!isNew) return toAccessRecord(granted);
      return {
        ...toAccessRecord(granted),
        invitation: await passwordMail.invite(request.currentUser!, granted),
      };
    },
  );

  app.post(
    '/revoke',
    {
      schema: {
        tags,
        summary: "Revoke an e-mail's access and end its sign-ins (Admin)",
        body: revokeBody,
        response: { 200: accessRecord },
      },
    },
    async (request) => toAccessRecord(await usersService.revoke(request.currentUser!, request.body.email)),
  );
};
