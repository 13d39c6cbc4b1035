import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Role, UserRow } from '../db/schema';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by the authenticate hook. */
    currentUser?: UserRow;
  }
}

/** An authenticate hook, marked with the roles it admits (all signed-in users when empty). */
export type AuthenticateHook = onRequestAsyncHookHandler & { readonly roles: readonly Role[] };

/**
 * The guard of a route: an onRequest hook that admits a valid access token of a live sign-in
 * and, when roles are given, only those roles (features/auth makes it). It runs before the
 * body is read or validated, so a caller without the right learns nothing about a route's
 * schema (DESIGN.md section 9).
 */
export type Authenticate = (...roles: Role[]) => AuthenticateHook;

/** Who a valid token speaks for: the user, their sign-in, and when the token runs out. */
export interface Caller {
  user: UserRow;
  sessionId: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/**
 * The caller a token belongs to, or null for a missing, bad or expired token, a sign-in
 * that ended (signed out, revoked, password changed) or a lost account (features/auth makes it).
 */
export type TokenCaller = (token: string | null | undefined) => Promise<Caller | null>;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim();
  return null;
}
