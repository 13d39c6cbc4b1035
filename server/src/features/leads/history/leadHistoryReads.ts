import type { LeadHistoryPage } from '@auditdesk/shared/core';
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import { leadActions, leadHistory, users } from '../../../platform/db/schema';
import { liveLeadsOf, mergedFamily } from '../merge/mergedLeads';

/** A lead's history, newest first, with the names of the people who made each change. */
export function createLeadHistoryReads(db: Database) {
  const { orm } = db;
  return {
    /** The live leads the run created or changed, by id. */
    async changedByRun(runId: number): Promise<number[]> {
      // a lead merged away since is named by the lead it was merged into
      const rows = await db.all<{ id: number }>(
        liveLeadsOf(sql`SELECT lead_id FROM lead_history WHERE run_id = ${runId}`),
      );
      return rows.map((row) => row.id);
    },

    /** With the histories of the leads merged into it, each entry naming the lead it was recorded on. */
    async page(leadId: number, page: number, pageSize: number): Promise<LeadHistoryPage> {
      const family = (await db.all<{ id: number }>(mergedFamily(leadId))).map((row) => row.id);
      const ofFamily = inArray(leadHistory.leadId, family);
      const rows = await orm
        .select({ entry: leadHistory, name: users.fullName, action: leadActions })
        .from(leadHistory)
        .leftJoin(users, eq(users.id, leadHistory.userId))
        .leftJoin(leadActions, eq(leadActions.id, leadHistory.actionId))
        .where(ofFamily)
        .orderBy(desc(leadHistory.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .all();
      const total = (await orm.select({ n: count() }).from(leadHistory).where(ofFamily).get())?.n ?? 0;
      return {
        items: rows.map(({ entry, name, action }) => ({
          id: entry.id,
          leadId: entry.leadId,
          kind: entry.kind,
          field: entry.field,
          oldValue: entry.oldValue,
          newValue: entry.newValue,
          at: entry.at,
          by:
            entry.runId !== null
              ? { kind: 'sync' as const, runId: entry.runId }
              : { kind: 'user' as const, userId: entry.userId, name: name ?? null },
          action: action && {
            id: action.id,
            kind: action.kind,
            label: action.label,
            undoneAt: action.undoneAt,
          },
        })),
        total,
        page,
        pageSize,
      };
    },
  };
}
