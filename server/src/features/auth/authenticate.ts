import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { AppContext } from './appContext';
import type { Role, UserRow } from '../../platform/db/schema';
import { forbidden, unauthorized } from '../../platform/errors/httpProblem';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by the authenticate hook. */
    currentUser?: UserRow;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim();
  return null;
}

/** Who a valid token speaks for: the user, their sign-in, and when the token runs out. */
export interface Caller {
  user: UserRow;
  sessionId: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/**
 * The caller a token belongs to, or null for a missing, bad or expired token, a sign-in
 * that ended (signed out, revoked, password changed) or a lost account. One query.
 */
export function createTokenCaller({ accessTokens, signIns }: Pick<AppContext, 'accessTokens' | 'signIns'>) {
  return async (token: string | null | undefined): Promise<Caller | null> => {
    const claims = token ? await accessTokens.verify(token) : null;
    const user = claims ? await signIns.activeUser(claims.userId, claims.sessionId) : undefined;
    return claims && user ? { user, sessionId: claims.sessionId, expiresAt: claims.expiresAt } : null;
  };
}

export type TokenCaller = ReturnType<typeof createTokenCaller>;

/**
 * An onRequest hook that admits a valid access token of a live sign-in and, when roles
 * are given, only those roles. It runs before the body is read or validated, so a caller
 * without the right learns nothing about a route's schema (DESIGN.md section 9).
 */
/** An authenticate hook, marked with the roles it admits (all signed-in users when empty). */
export type AuthenticateHook = onRequestAsyncHookHandler & { readonly roles: readonly Role[] };

export function createAuthenticate(deps: Pick<AppContext, 'accessTokens' | 'signIns'>) {
  const tokenCaller = createTokenCaller(deps);
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

export type Authenticate = ReturnType<typeof createAuthenticate>;
