import { isScheduledStatus, rateOf, type LeadResource } from '@auditdesk/shared/core';
import { and, asc, count, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import { leads } from '../../../platform/db/schema';
import { leadResourceColumns } from './leadColumns';
import { mergedAwayLeadIds } from '../merge/mergedLeads';

const live = isNull(leads.deletedAt);
const newestFirst = [desc(leads.scheduledDate), desc(leads.id)] as const;

/** The leads as the screens and the dashboard read them. */
export function createLeadReads(db: Database) {
  const { orm } = db;
  const select = () => orm.select(leadResourceColumns).from(leads);
  const countWhere = async (where: ReturnType<typeof and>) =>
    (await orm.select({ n: count() }).from(leads).where(where).get())?.n ?? 0;
  const countsBy = async (key: ReturnType<typeof sql<string | null>>) => {
    const rows = await orm
      .select({ key, n: count() })
      .from(leads)
      .where(live)
      .groupBy(key)
      .orderBy(key)
      .all();
    return Object.fromEntries(rows.map((row) => [row.key || 'Unknown', row.n]));
  };
  const byStatus = () =>
    countsBy(sql<string>`CASE WHEN ${leads.status} = '' THEN 'New' ELSE ${leads.status} END`);
  /** The leads counted as Scheduled, by the contract's one rule (leadStatusRules.ts). */
  const scheduledOf = (counts: Record<string, number>) =>
    Object.entries(counts).reduce((sum, [status, n]) => sum + (isScheduledStatus(status) ? n : 0), 0);

  /**
   * The leads with the Lead IDs of the leads merged into each (absent when none), in the same
   * statement (one call on D1): a saved view or a filter naming a merged-away lead finds the
   * lead it lives on in.
   */
  const selectWithMerged = () =>
    orm
      .select({ ...leadResourceColumns, mergedLeadIds: sql<string | null>`merged.lead_ids` })
      .from(leads)
      .leftJoin(
        sql`(SELECT id, json_group_array(leadId) AS lead_ids FROM (${mergedAwayLeadIds}) GROUP BY id) AS merged`,
        sql`merged.id = ${leads.id}`,
      );
  const withMergedLeadIds = (rows: { mergedLeadIds: string | null }[]): LeadResource[] => {
    const leadsOf = rows as unknown as LeadResource[];
    rows.forEach(({ mergedLeadIds }, index) => {
      // assigned, not deleted: every row keeps one shape; undefined is left out of the answer
      leadsOf[index]!.mergedLeadIds =
        mergedLeadIds === null ? undefined : (JSON.parse(mergedLeadIds) as string[]);
    });
    return leadsOf;
  };

  return {
    /** Newest first; the formatted leads only unless unformatted ones are asked for. */
    async list(includeUnformatted: boolean): Promise<LeadResource[]> {
      const where = includeUnformatted ? live : and(live, eq(leads.isFormatted, true));
      return withMergedLeadIds(
        await selectWithMerged()
          .where(where)
          .orderBy(...newestFirst)
          .all(),
      );
    },

    unformatted(): Promise<LeadResource[]> {
      return select()
        .where(and(live, eq(leads.isFormatted, false)))
        .orderBy(...newestFirst)
        .all();
    },

    /** The live leads a person must review (the calendar changed what the office changed, or deleted its event). */
    needingReview(): Promise<number> {
      return countWhere(and(live, eq(leads.needsReview, true)));
    },

    find(id: number): Promise<LeadResource | undefined> {
      return select()
        .where(and(eq(leads.id, id), live))
        .get();
    },

    /** Counts by status, auditor and month (yyyy-mm of the scheduled date), and the Scheduled ones. */
    async summary() {
      const statuses = await byStatus();
      return {
        total: await countWhere(live),
        scheduled: scheduledOf(statuses),
        byStatus: statuses,
        byAuditor: await countsBy(sql<string>`${leads.auditor}`),
        byMonth: await countsBy(sql<string | null>`substr(${leads.scheduledDate}, 1, 7)`),
      };
    },

    /**
     * The dashboard numbers: the Scheduled leads (the screens' one rule, not spec section 5's
     * "status containing 'scheduled' or a scheduled date", which counted cancelled visits),
     * their rate (the one rate rule), the top 5 sources, the latest leads.
     */
    async dashboard() {
      const total = await countWhere(live);
      const scheduled = scheduledOf(await byStatus());
      const source = sql<string>`coalesce(nullif(${leads.source}, ''), 'Unknown')`;
      const topSources = await orm
        .select({ source, count: count() })
        .from(leads)
        .where(live)
        .groupBy(source)
        .orderBy(desc(count()), source)
        .limit(5)
        .all();
      const recentLeads = await select()
        .where(live)
        .orderBy(desc(leads.createdAt), desc(leads.id))
        .limit(10)
        .all();
      return {
        totalLeads: total,
        scheduledLeads: scheduled,
        conversionRate: rateOf(scheduled, total),
        topSources,
        recentLeads,
      };
    },

    /**
     * One auditor's appointments between two instants (ISO, UTC), in time order: every live
     * lead, formatted or not (a visit missing a phone number is still a visit).
     */
    visitsOf(auditor: string, from: string, to: string): Promise<LeadResource[]> {
      return select()
        .where(
          and(
            live,
            sql`${leads.auditor} = ${auditor} COLLATE NOCASE`,
            gte(leads.scheduledDate, from),
            lte(leads.scheduledDate, to),
          ),
        )
        .orderBy(asc(leads.scheduledDate), asc(leads.id))
        .all();
    },
  };
}
