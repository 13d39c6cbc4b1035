import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../../platform/db/schema';
import { forbidden, unauthorized } from '../../platform/errors/httpProblem';
import {
  bearerToken,
  type Authenticate,
  type AuthenticateHook,
  type TokenCaller,
} from '../../platform/http/authenticate';
import type { AccessTokens } from './accessTokens';
import type { SignIns } from './sessions/signIns';

interface TokenChecks {
  accessTokens: AccessTokens;
  signIns: Pick<SignIns, 'activeUser'>;
}

/** The caller of a token: its claims, then its sign-in and account in one query. */
export function createTokenCaller({ accessTokens, signIns }: TokenChecks): TokenCaller {
  return async (token) => {
    const claims = token ? await accessTokens.verify(token) : null;
    const user = claims ? await signIns.activeUser(claims.userId, claims.sessionId) : undefined;
    return claims && user ? { user, sessionId: claims.sessionId, expiresAt: claims.expiresAt } : null;
  };
}

/** The guard every route of the route table gets (platform/http/operationRoutes puts it first). */
export function createAuthenticate(tokenCaller: TokenCaller): Authenticate {
  return (...roles: Role[]): AuthenticateHook =>
    Object.assign(
      async function authenticate(request: FastifyRequest, reply: FastifyReply) {
        const user = (await tokenCaller(bearerToken(request)))?.user;
        if (!user) {
          reply.header('www-authenticate', 'Bearer');
          throw unauthorized();
        }
        if (roles.length > 0 && !roles.includes(user.role)) throw forbidden();
        request.currentUser = user;
      },
      { roles },
    );
}
