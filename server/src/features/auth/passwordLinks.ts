import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../platform/db/database';
import { passwordLinks, users } from '../../platform/db/schema';

export const PASSWORD_LINK_TTL_MS = 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
const nowIso = () => new Date().toISOString();

/**
 * One-time tokens behind the host's /set-password page; all SQL on password_links. Only
 * hashes are stored. A user has at most one live link: minting one kills the older ones,
 * and links die with deactivation, revocation and deletion.
 */
export function createPasswordLinks(db: Database) {
  const { orm } = db;
  const revokeLiveOf = (userId: number) =>
    orm
      .update(passwordLinks)
      .set({ revokedAt: nowIso() })
      .where(
        and(eq(passwordLinks.userId, userId), isNull(passwordLinks.usedAt), isNull(passwordLinks.revokedAt)),
      );

  return {
    async create(
      userId: number,
      ttlMs = PASSWORD_LINK_TTL_MS,
    ): Promise<{ token: string; expiresAt: string }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + ttlMs).toISOString();
      await db.batch([
        revokeLiveOf(userId),
        orm.insert(passwordLinks).values({ userId, tokenHash: hashToken(token), expiresAt }),
      ]);
      return { token, expiresAt };
    },

    /**
     * Spends a live link of an active user and answers that user; null when the token is
     * unknown, used, revoked, expired or its user inactive. The user's other links die too.
     */
    async spend(token: string): Promise<number | null> {
      const now = nowIso();
      const activeUsers = orm.select({ id: users.id }).from(users).where(eq(users.isActive, true));
      const spent = await orm
        .update(passwordLinks)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordLinks.tokenHash, hashToken(token)),
            isNull(passwordLinks.usedAt),
            isNull(passwordLinks.revokedAt),
            gt(passwordLinks.expiresAt, now),
            inArray(passwordLinks.userId, activeUsers),
          ),
        )
        .returning({ userId: passwordLinks.userId })
        .get();
      if (!spent) return null;
      await revokeLiveOf(spent.userId).run();
      return spent.userId;
    },

    async revokeAllOfUser(userId: number): Promise<void> {
      await revokeLiveOf(userId).run();
    },
  };
}

export type PasswordLinks = ReturnType<typeof createPasswordLinks>;
