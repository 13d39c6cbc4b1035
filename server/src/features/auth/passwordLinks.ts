import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../platform/db/database';
import { passwordLinks, users } from '../../platform/db/schema';

export const PASSWORD_LINK_TTL_MS = 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
const nowIso = () => new Date().toISOString();

/**
 * Who asked for a link: 'admin' (an invitation, an Admin's link, the command line) ends every
 * older live link of the person; 'reset' (anyone's "Forgot password?", no sign-in needed) ends
 * only older resets, so it can never take an invitation away.
 */
export type PasswordLinkPurpose = 'admin' | 'reset';

/**
 * One-time tokens behind the host's /set-password page; all SQL on password_links. Only
 * hashes are stored. A person has at most one live link an Admin made and one live reset:
 * minting one kills the older ones it may (see PasswordLinkPurpose), spending one kills all
 * the others, and links die with deactivation, revocation and deletion.
 */
export function createPasswordLinks(db: Database) {
  const { orm } = db;
  const revokeLiveOf = (userId: number, purpose?: PasswordLinkPurpose) =>
    orm
      .update(passwordLinks)
      .set({ revokedAt: nowIso() })
      .where(
        and(
          eq(passwordLinks.userId, userId),
          isNull(passwordLinks.usedAt),
          isNull(passwordLinks.revokedAt),
          purpose ? eq(passwordLinks.purpose, purpose) : undefined,
        ),
      );

  return {
    async create(
      userId: number,
      ttlMs = PASSWORD_LINK_TTL_MS,
      purpose: PasswordLinkPurpose = 'admin',
    ): Promise<{ token: string; expiresAt: string }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + ttlMs).toISOString();
      await db.batch([
        revokeLiveOf(userId, purpose === 'reset' ? 'reset' : undefined),
        orm.insert(passwordLinks).values({ userId, tokenHash: hashToken(token), expiresAt, purpose }),
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
