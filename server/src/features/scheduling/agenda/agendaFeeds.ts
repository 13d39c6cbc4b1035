import type { AgendaFeed } from '@auditdesk/shared/core';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../../platform/db/database';
import { agendaFeeds } from '../../../platform/db/schema';

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
const live = isNull(agendaFeeds.revokedAt);
const shown = {
  id: agendaFeeds.id,
  auditor: agendaFeeds.auditor,
  createdBy: agendaFeeds.createdBy,
  createdAt: agendaFeeds.createdAt,
  lastReadAt: agendaFeeds.lastReadAt,
};

/** The agenda feeds: all SQL on agenda_feeds. The token is given once; only its hash is kept. */
export function createAgendaFeeds({ orm }: Database) {
  return {
    async create(auditor: string, createdBy: string): Promise<{ feed: AgendaFeed; token: string }> {
      const token = randomBytes(32).toString('base64url');
      const feed = await orm
        .insert(agendaFeeds)
        .values({ auditor, createdBy, tokenHash: hashToken(token) })
        .returning(shown)
        .get();
      return { feed, token };
    },

    list(): Promise<AgendaFeed[]> {
      return orm.select(shown).from(agendaFeeds).where(live).orderBy(asc(agendaFeeds.id)).all();
    },

    /** Whether a live feed was revoked (false: unknown, or revoked before). */
    async revoke(id: number): Promise<boolean> {
      const revoked = await orm
        .update(agendaFeeds)
        .set({ revokedAt: new Date().toISOString() })
        .where(and(eq(agendaFeeds.id, id), live))
        .returning({ id: agendaFeeds.id })
        .all();
      return revoked.length > 0;
    },

    /** The auditor of a live feed, noting the read; null for an unknown or revoked token. */
    async read(token: string): Promise<string | null> {
      const feed = await orm
        .update(agendaFeeds)
        .set({ lastReadAt: new Date().toISOString() })
        .where(and(eq(agendaFeeds.tokenHash, hashToken(token)), live))
        .returning({ auditor: agendaFeeds.auditor })
        .get();
      return feed?.auditor ?? null;
    },
  };
}

export type AgendaFeeds = ReturnType<typeof createAgendaFeeds>;
