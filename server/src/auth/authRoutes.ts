import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../appContext';
import type { Role } from '../db/schema';
import { unauthorized } from '../errors/httpProblem';
import { ACCESS_TOKEN_TTL_SECONDS } from './accessTokens';
import { loginBody, logoutBody, currentUserResponse, refreshBody } from './authSchemas';
import type { Authenticate } from './authenticate';
import { verifyAgainstDecoy, verifyPassword } from './passwords';

const INVALID_LOGIN = 'Invalid e-mail or password.';

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; authenticate: Authenticate }> = async (
  app,
  { ctx, authenticate },
) => {
  const { users, accessTokens, refreshTokens } = ctx;

  async function issueTokens(userId: number, role: Role) {
    return {
      access_token: await accessTokens.sign({ userId, role }),
      refresh_token: refreshTokens.issue(userId),
      token_type: 'Bearer' as const,
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
    };
  }

  app.post('/login', { schema: { body: loginBody } }, async (request) => {
    const user = users.findByEmail(request.body.email);
    // Unknown e-mail, no password and wrong password take the same time and answer alike.
    const valid = user?.passwordHash
      ? await verifyPassword(request.body.password, user.passwordHash)
      : await verifyAgainstDecoy(request.body.password);
    if (!user || !valid || !user.isActive) throw unauthorized(INVALID_LOGIN);
    users.recordLogin(user.id);
    return issueTokens(user.id, user.role);
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

  app.get(
    '/user',
    { preHandler: authenticate(), schema: { response: { 200: currentUserResponse } } },
    async (request) => {
      const user = request.currentUser!;
      return { id: user.id, email: user.email, fullName: user.fullName, role: user.role };
    },
  );
};
