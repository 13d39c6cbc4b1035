import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import { refreshTokens } from '../../../platform/db/schema';

const nowIso = () => new Date().toISOString();

/** All SQL on the refresh_tokens table. Tokens are stored as hashes only. */
export function createRefreshTokensRepository({ orm }: Database) {
  return {
    /** Adds a token; the same token again (a resend of its predecessor) changes nothing. */
    async insertOnce(token: { userId: number; familyId: string; tokenHash: string; expiresAt: string }) {
      await orm.insert(refreshTokens).values(token).onConflictDoNothing().run();
    },

    /**
     * Marks a usable token used, atomically: of two requests with the same token only one
     * gets its row back.
     */
    async spend(tokenHash: string) {
      const now = nowIso();
      return orm
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(refreshTokens.tokenHash, tokenHash),
            isNull(refreshTokens.usedAt),
            isNull(refreshTokens.revokedAt),
            gt(refreshTokens.expiresAt, now),
          ),
        )
        .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId })
        .get();
    },

    async find(tokenHash: string) {
      return orm.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).get();
    },

    async revokeFamily(familyId: string): Promise<void> {
      await orm
        .update(refreshTokens)
        .set({ revokedAt: nowIso() })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
        .run();
    },

    async revokeAllOfUser(userId: number): Promise<void> {
      await orm
        .update(refreshTokens)
        .set({ revokedAt: nowIso() })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
        .run();
    },
  };
}

export type RefreshTokensRepository = ReturnType<typeof createRefreshTokensRepository>;
