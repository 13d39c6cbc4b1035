import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../appContext';
import type { Role, UserRow } from '../db/schema';
import { forbidden, unauthorized } from '../errors/httpProblem';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by the authenticate pre-handler. */
    currentUser?: UserRow;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim();
  return null;
}

/**
 * A pre-handler that admits a valid access token of an active user, and, when roles are
 * given, only those roles. The user is read afresh on every request, so a revoked or
 * deleted account is locked out at its next call, not when its token runs out.
 */
/** The active user a token belongs to, or null for a missing, bad or expired token or a lost account. */
export function createTokenUser({ accessTokens, users }: Pick<AppContext, 'accessTokens' | 'users'>) {
  return async (token: string | null | undefined): Promise<UserRow | null> => {
    const claims = token ? await accessTokens.verify(token) : null;
    const user = claims ? users.findById(claims.userId) : undefined;
    return user?.isActive ? user : null;
  };
}

export type TokenUser = ReturnType<typeof createTokenUser>;

export function createAuthenticate(deps: Pick<AppContext, 'accessTokens' | 'users'>) {
  const tokenUser = createTokenUser(deps);
  return (...roles: Role[]): preHandlerAsyncHookHandler =>
    async function authenticate(request: FastifyRequest, reply: FastifyReply) {
      const user = await tokenUser(bearerToken(request));
      if (!user) {
        reply.header('www-authenticate', 'Bearer');
        throw unauthorized();
      }
      if (roles.length > 0 && !roles.includes(user.role)) throw forbidden();
      request.currentUser = user;
    };
}

export type Authenticate = ReturnType<typeof createAuthenticate>;
