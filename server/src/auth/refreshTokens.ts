import { and, eq, isNull } from 'drizzle-orm';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AppDatabase } from '../db/openDatabase';
import { refreshTokens } from '../db/schema';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export type RotationResult =
  | { ok: true; userId: number; refreshToken: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/**
 * Refresh tokens: random, stored as SHA-256 hashes, single use. Each use issues the next
 * token of the same family; presenting a used one revokes the whole family (RFC 9700 4.14).
 */
export function createRefreshTokens(db: AppDatabase) {
  function issue(userId: number, familyId: string = randomUUID()): string {
    const token = randomBytes(32).toString('base64url');
    db.insert(refreshTokens)
      .values({
        userId,
        familyId,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS).toISOString(),
      })
      .run();
    return token;
  }

  function revokeFamily(familyId: string): void {
    db.update(refreshTokens)
      .set({ revokedAt: new Date().toISOString() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
      .run();
  }

  return {
    issue,

    rotate(token: string): RotationResult {
      return db.transaction(() => {
        const row = db
          .select()
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, hashToken(token)))
          .get();
        if (!row) return { ok: false, reason: 'unknown' } as const;
        if (row.revokedAt) return { ok: false, reason: 'revoked' } as const;
        if (row.usedAt) {
          revokeFamily(row.familyId);
          return { ok: false, reason: 'reused' } as const;
        }
        if (Date.parse(row.expiresAt) <= Date.now()) return { ok: false, reason: 'expired' } as const;
        db.update(refreshTokens)
          .set({ usedAt: new Date().toISOString() })
          .where(eq(refreshTokens.id, row.id))
          .run();
        return { ok: true, userId: row.userId, refreshToken: issue(row.userId, row.familyId) } as const;
      });
    },

    /** Ends the sign-in the token belongs to, whichever of its rotations it is. */
    revokeFamilyOf(token: string): void {
      const row = db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(token)))
        .get();
      if (row) revokeFamily(row.familyId);
    },

    revokeAllOfUser(userId: number): void {
      db.update(refreshTokens)
        .set({ revokedAt: new Date().toISOString() })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
        .run();
    },
  };
}

export type RefreshTokens = ReturnType<typeof createRefreshTokens>;
