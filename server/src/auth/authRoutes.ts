import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../appContext';
import { HttpProblem, unauthorized } from '../errors/httpProblem';
import { currentUserResponse, loginBody, logoutBody, refreshBody, setPasswordBody } from './authSchemas';
import type { Authenticate } from './authenticate';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './passwords';
import { issueTokens } from './issueTokens';
import { createAttemptLimiter } from './rateLimits';
import { toCurrentUser } from '../users/userViews';

const INVALID_LOGIN = 'Invalid e-mail or password.';

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; authenticate: Authenticate }> = async (
  app,
  { ctx, authenticate },
) => {
  const { users, accessTokens, refreshTokens, passwordLinks, config } = ctx;
  const limits = config.rateLimits;
  const limitLogins = await createAttemptLimiter(app, {
    ...limits,
    accountOf: (request) =>
      String((request.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase(),
  });
  const limitPasswordLinks = await createAttemptLimiter(app, {
    ...limits,
    accountOf: (request) => String((request.body as { token?: unknown } | undefined)?.token ?? ''),
  });

  app.post('/login', { schema: { body: loginBody }, preHandler: limitLogins }, async (request) => {
    const user = users.findByEmail(request.body.email);
    // Unknown e-mail, no password and wrong password take the same time and answer alike.
    const valid = user?.passwordHash
      ? await verifyPassword(request.body.password, user.passwordHash)
      : await verifyAgainstDecoy(request.body.password);
    if (!user || !valid || !user.isActive) throw unauthorized(INVALID_LOGIN);
    return issueTokens(ctx, user);
  });

  app.post('/refresh', { schema: { body: refreshBody } }, async (request) => {
    const rotation = refreshTokens.rotate(request.body.refreshToken);
    const user = rotation.ok ? users.findById(rotation.userId) : undefined;
    if (!rotation.ok || !user?.isActive) throw unauthorized('The session has ended. Please sign in again.');
    const accessToken = await accessTokens.sign({ userId: user.id, role: user.role });
    return {
      accessToken,
      refreshToken: rotation.refreshToken,
      access_token: accessToken,
      refresh_token: rotation.refreshToken,
    };
  });

  app.post('/logout', { schema: { body: logoutBody } }, async (request, reply) => {
    const token = request.body?.refreshToken;
    if (token) refreshTokens.revokeFamilyOf(token);
    return reply.status(204).send();
  });

  app.post(
    '/set-password',
    { schema: { body: setPasswordBody }, preHandler: limitPasswordLinks },
    async (request, reply) => {
      const userId = passwordLinks.spend(request.body.token);
      const user = userId === null ? undefined : users.findById(userId);
      if (!user)
        throw new HttpProblem(400, 'This link is invalid, used or expired. Ask an admin for a new one.');
      users.update(user.id, { passwordHash: await hashPassword(request.body.password) });
      refreshTokens.revokeAllOfUser(user.id); // a new password ends the old sessions
      return reply.status(204).send();
    },
  );

  app.get(
    '/user',
    { preHandler: authenticate(), schema: { response: { 200: currentUserResponse } } },
    async (request) => toCurrentUser(request.currentUser!),
  );
};
