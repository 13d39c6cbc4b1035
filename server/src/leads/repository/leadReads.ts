import type { LeadResource } from '@auditdesk/shared/core';
import { and, count, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { leads } from '../../db/schema';
import { leadResourceColumns } from './leadColumns';

const live = isNull(leads.deletedAt);
const newestFirst = [desc(leads.scheduledDate), desc(leads.id)] as const;

/** The leads as the screens and the dashboard read them. */
export function createLeadReads({ orm }: Database) {
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

  return {
    /** Newest first; the formatted leads only unless unformatted ones are asked for. */
    list(includeUnformatted: boolean): Promise<LeadResource[]> {
      const where = includeUnformatted ? live : and(live, eq(leads.isFormatted, true));
      return select()
        .where(where)
        .orderBy(...newestFirst)
        .all();
    },

    unformatted(): Promise<LeadResource[]> {
      return select()
        .where(and(live, eq(leads.isFormatted, false)))
        .orderBy(...newestFirst)
        .all();
    },

    find(id: number): Promise<LeadResource | undefined> {
      return select()
        .where(and(eq(leads.id, id), live))
        .get();
    },

    /** Counts by status, auditor and month (yyyy-mm of the scheduled date). */
    async summary() {
      return {
        total: await countWhere(live),
        byStatus: await countsBy(
          sql<string>`CASE WHEN ${leads.status} = '' THEN 'New' ELSE ${leads.status} END`,
        ),
        byAuditor: await countsBy(sql<string>`${leads.auditor}`),
        byMonth: await countsBy(sql<string | null>`substr(${leads.scheduledDate}, 1, 7)`),
      };
    },

    /** The dashboard numbers of spec section 5: conversion rate, the top 5 sources, the latest leads. */
    async dashboard() {
      const total = await countWhere(live);
      const scheduled = await countWhere(
        and(live, or(sql`lower(${leads.status}) LIKE '%scheduled%'`, isNotNull(leads.scheduledDate))),
      );
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
        conversionRate: total > 0 ? Math.round((scheduled / total) * 10000) / 100 : 0,
        topSources,
        recentLeads,
      };
    },
  };
}
