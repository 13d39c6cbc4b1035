import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../../../platform/db/database';
import type { UserRow } from '../../../platform/db/schema';
import { createRefreshTokensRepository } from './refreshTokensRepository';
import { createSessionsRepository } from './sessionsRepository';

/** A refresh token lives this long unless its sign-in ends first. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** No sign-in lasts longer, however often its tokens rotate. */
export const SESSION_MAX_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;
/**
 * A used token presented again this soon is a retry whose answer was lost (a page reloaded
 * while its refresh was on the way), not a theft: it gets the same successor again instead
 * of ending the sign-in, as Auth0's reuse interval and Okta's grace period allow.
 */
export const REUSE_LEEWAY_MS = 20_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export type RotationResult =
  | { ok: true; user: UserRow; sessionId: string; refreshToken: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' | 'access-ended' };

/**
 * Sign-ins (sessions) and their refresh tokens: stored as SHA-256 hashes, single use. Each
 * use issues the next token of the same sign-in; presenting a used one ends the whole sign-in
 * (RFC 9700 section 4.14). Access tokens name their sign-in, so ending it locks them out at
 * the next request.
 *
 * A token has exactly one successor: an HMAC of it under a key derived from the server's
 * signing secret. So a resend within the leeway gets that same successor back (nothing is
 * kept in plain text to resend it), and only while the successor is unused: a replay cannot
 * fork the sign-in into two live chains, and one that comes after the owner moved on ends it.
 * Without the key, a stolen token says nothing about its successor.
 */
export function createSignIns(
  db: Database,
  signingSecret: Uint8Array,
  /** Hears every sign-in that ends (null: all of the user's), to close its live connections. */
  ended: (userId: number, sessionId: string | null) => void = () => {},
) {
  const sessions = createSessionsRepository(db);
  const tokens = createRefreshTokensRepository(db);
  const successorKey = createHmac('sha256', signingSecret).update('refresh-token-successor').digest();
  const successorOf = (token: string) => createHmac('sha256', successorKey).update(token).digest('base64url');

  async function issueRefreshToken(
    userId: number,
    sessionId: string,
    sessionEnds: string,
    token = randomBytes(32).toString('base64url'),
  ): Promise<string> {
    const expiresAt = Math.min(Date.now() + REFRESH_TOKEN_TTL_MS, Date.parse(sessionEnds));
    await tokens.insertOnce({
      userId,
      familyId: sessionId,
      tokenHash: hashToken(token),
      expiresAt: new Date(expiresAt).toISOString(),
    });
    return token;
  }

  async function endSession(userId: number, sessionId: string): Promise<void> {
    await sessions.revoke(sessionId);
    await tokens.revokeFamily(sessionId);
    ended(userId, sessionId);
  }

  return {
    /** A new sign-in for the user: its id (the access tokens' `sid`) and first refresh token. */
    async start(userId: number): Promise<{ sessionId: string; refreshToken: string }> {
      const sessionId = randomUUID();
      const startedAt = Date.now();
      const expiresAt = new Date(startedAt + SESSION_MAX_LIFETIME_MS).toISOString();
      await sessions.create({
        id: sessionId,
        userId,
        createdAt: new Date(startedAt).toISOString(),
        expiresAt,
      });
      return { sessionId, refreshToken: await issueRefreshToken(userId, sessionId, expiresAt) };
    },

    async rotate(token: string): Promise<RotationResult> {
      const tokenHash = hashToken(token);
      const spent = await tokens.spend(tokenHash);
      if (!spent) {
        const row = await tokens.find(tokenHash);
        if (!row) return { ok: false, reason: 'unknown' };
        if (row.revokedAt)
          return { ok: false, reason: (await sessions.lostAccess(row.userId)) ? 'access-ended' : 'revoked' };
        const lostAnswer =
          row.usedAt !== null &&
          Date.now() - Date.parse(row.usedAt) <= REUSE_LEEWAY_MS &&
          Date.parse(row.expiresAt) > Date.now();
        if (row.usedAt && !lostAnswer) {
          await endSession(row.userId, row.familyId);
          return { ok: false, reason: 'reused' };
        }
        if (!lostAnswer) return { ok: false, reason: 'expired' };
      }
      const owner = spent ?? (await tokens.find(tokenHash))!;
      const user = await sessions.activeUser(owner.userId, owner.familyId);
      const session = user ? await sessions.find(owner.familyId) : undefined;
      if (!user || !session)
        return { ok: false, reason: (await sessions.lostAccess(owner.userId)) ? 'access-ended' : 'revoked' };
      const successor = successorOf(token);
      // the first use inserts the successor; a resend inserts nothing and finds it
      await issueRefreshToken(user.id, session.id, session.expiresAt, successor);
      if (!spent) {
        const next = await tokens.find(hashToken(successor));
        if (!next || next.usedAt || next.revokedAt) {
          await endSession(owner.userId, owner.familyId);
          return { ok: false, reason: 'reused' };
        }
      }
      return { ok: true, user, sessionId: session.id, refreshToken: successor };
    },

    /** Signs out: ends the sign-in the token belongs to, whichever of its rotations it is. */
    async end(token: string): Promise<void> {
      const row = await tokens.find(hashToken(token));
      if (row) await endSession(row.userId, row.familyId);
    },

    /** Ends every sign-in of the user (revoked, deactivated, deleted, new password). */
    async endAllOfUser(userId: number): Promise<void> {
      await sessions.revokeAllOfUser(userId);
      await tokens.revokeAllOfUser(userId);
      ended(userId, null);
    },

    /** The user of an access token's live sign-in; undefined once it ended. */
    activeUser: sessions.activeUser,
  };
}

export type SignIns = ReturnType<typeof createSignIns>;
