import type { LeadHistoryPage } from '@auditdesk/shared/core';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import { leadActions, leadHistory, users } from '../../../platform/db/schema';

/** A lead's history, newest first, with the names of the people who made each change. */
export function createLeadHistoryReads(db: Database) {
  const { orm } = db;
  return {
    /** The live leads the run created or changed, by id. */
    async changedByRun(runId: number): Promise<number[]> {
      const rows = await db.all<{ id: number }>(
        sql`SELECT DISTINCT h.lead_id AS id FROM lead_history AS h JOIN leads AS l ON l.id = h.lead_id
          WHERE h.run_id = ${runId} AND l.deleted_at IS NULL ORDER BY h.lead_id`,
      );
      return rows.map((row) => row.id);
    },

    async page(leadId: number, page: number, pageSize: number): Promise<LeadHistoryPage> {
      const rows = await orm
        .select({ entry: leadHistory, name: users.fullName, action: leadActions })
        .from(leadHistory)
        .leftJoin(users, eq(users.id, leadHistory.userId))
        .leftJoin(leadActions, eq(leadActions.id, leadHistory.actionId))
        .where(eq(leadHistory.leadId, leadId))
        .orderBy(desc(leadHistory.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .all();
      const total =
        (await orm.select({ n: count() }).from(leadHistory).where(eq(leadHistory.leadId, leadId)).get())?.n ??
        0;
      return {
        items: rows.map(({ entry, name, action }) => ({
          id: entry.id,
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
