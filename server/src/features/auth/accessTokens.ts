import { errors, jwtVerify, SignJWT } from 'jose';
import type { Role } from '../../platform/db/schema';

const ISSUER = 'auditdesk';

export interface AccessClaims {
  userId: number;
  /** The sign-in (sessions.id) the token belongs to; it dies with it. */
  sessionId: string;
  role: Role;
}

export interface VerifiedClaims extends AccessClaims {
  /** When the token runs out, in epoch milliseconds. */
  expiresAt: number;
}

/** Access tokens signed with `secret`, each valid for `ttlSeconds` (ACCESS_TOKEN_TTL_SECONDS, 15 minutes). */
export function createAccessTokens(secret: Uint8Array, ttlSeconds: number) {
  return {
    ttlSeconds,
    sign({ userId, sessionId, role }: AccessClaims): Promise<string> {
      return new SignJWT({ role, sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(secret);
    },

    /** The claims of a valid token; null for an expired, forged or malformed one. */
    async verify(token: string): Promise<VerifiedClaims | null> {
      try {
        const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || typeof payload.sid !== 'string') return null;
        return {
          userId,
          sessionId: payload.sid,
          role: payload.role as Role,
          expiresAt: (payload.exp ?? 0) * 1000,
        };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
