import { routes, type AgendaFeed, type Role } from '@auditdesk/shared/core';
import { and, asc, eq, exists, inArray, isNull, lte, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../../platform/db/database';
import { agendaFeeds, users } from '../../../platform/db/schema';

/** Who may hand out a feed: the route table says. */
const FEED_KEEPERS = routes.schedulingFeedsCreate.access as readonly Role[];

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
const live = isNull(agendaFeeds.revokedAt);
const shown = {
  id: agendaFeeds.id,
  auditor: agendaFeeds.auditor,
  createdBy: agendaFeeds.createdBy,
  createdAt: agendaFeeds.createdAt,
  lastReadAt: agendaFeeds.lastReadAt,
};

/**
 * SQL: whoever made the feed may still hand feeds out — active, in a keeper's role, and the
 * same account (one made later with the address, after a deletion, is someone else). A feed
 * lives on its maker's access: deactivated, revoked, demoted or deleted, it answers no more.
 */
const makerMayHandOut = (orm: Database['orm']) =>
  exists(
    orm
      .select({ one: sql`1` })
      .from(users)
      .where(
        and(
          eq(users.email, agendaFeeds.createdBy),
          eq(users.isActive, true),
          inArray(users.role, [...FEED_KEEPERS]),
          lte(users.createdAt, agendaFeeds.createdAt),
        ),
      ),
  );

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
      return { feed: { ...feed, answering: true }, token };
    },

    async list(): Promise<AgendaFeed[]> {
      const rows = await orm
        .select({ ...shown, answering: sql<number>`${makerMayHandOut(orm)}` })
        .from(agendaFeeds)
        .where(live)
        .orderBy(asc(agendaFeeds.id))
        .all();
      return rows.map((row) => ({ ...row, answering: Boolean(row.answering) }));
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

    /**
     * A live feed whose maker may still hand feeds out (its id, for the log, and its auditor),
     * noting the read; null for an unknown, revoked or orphaned one.
     */
    async read(token: string): Promise<{ id: number; auditor: string } | null> {
      const feed = await orm
        .update(agendaFeeds)
        .set({ lastReadAt: new Date().toISOString() })
        .where(and(eq(agendaFeeds.tokenHash, hashToken(token)), live, makerMayHandOut(orm)))
        .returning({ id: agendaFeeds.id, auditor: agendaFeeds.auditor })
        .get();
      return feed ?? null;
    },
  };
}

export type AgendaFeeds = ReturnType<typeof createAgendaFeeds>;
