import { errors, jwtVerify, SignJWT } from 'jose';
import type { Role } from '../db/schema';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'auditdesk';

export interface AccessClaims {
  userId: number;
  role: Role;
}

export function createAccessTokens(secret: Uint8Array) {
  return {
    sign({ userId, role }: AccessClaims): Promise<string> {
      return new SignJWT({ role })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(secret);
    },

    /** The claims of a valid token; null for an expired, forged or malformed one. */
    async verify(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId)) return null;
        return { userId, role: payload.role as Role };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
