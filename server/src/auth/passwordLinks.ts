import { and, eq, gt, isNull } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { AppDatabase } from '../db/openDatabase';
import { passwordLinks } from '../db/schema';

export const PASSWORD_LINK_TTL_MS = 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** One-time tokens behind the host's /set-password page. Only their hashes are stored. */
export function createPasswordLinks(db: AppDatabase) {
  return {
    create(userId: number): { token: string; expiresAt: string } {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + PASSWORD_LINK_TTL_MS).toISOString();
      db.insert(passwordLinks)
        .values({ userId, tokenHash: hashToken(token), expiresAt })
        .run();
      return { token, expiresAt };
    },

    /** The user the token was made for, spending it; null when unknown, used or expired. */
    spend(token: string): number | null {
      const now = new Date().toISOString();
      const spent = db
        .update(passwordLinks)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordLinks.tokenHash, hashToken(token)),
            isNull(passwordLinks.usedAt),
            gt(passwordLinks.expiresAt, now),
          ),
        )
        .returning({ userId: passwordLinks.userId })
        .get();
      return spent?.userId ?? null;
    },
  };
}

export type PasswordLinks = ReturnType<typeof createPasswordLinks>;
