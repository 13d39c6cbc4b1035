import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import { rootDatabaseError } from '../../../platform/db/databaseUnavailable';
import type { LeadActionKind, LeadActionSummary } from '@auditdesk/shared/core';

/**
 * The statement that refuses a whole batch when `failing` holds: it sets the action's label,
 * which is NOT NULL, to NULL, so the database aborts the batch (one transaction on either
 * engine) and nothing of it is written. Placed after the action's own insert.
 */
export const refuseIf = (actionId: number, failing: SQL) =>
  sql`UPDATE lead_actions SET label = NULL WHERE id = ${actionId} AND ${failing}`;

/** The batch was refused by a `refuseIf` guard. */
export const isRefused = (error: unknown) =>
  /NOT NULL constraint failed: lead_actions\.label/.test(String(rootDatabaseError(error)));

/** Another action took the id this one was to have (two actions at once): try again. */
export const isIdTaken = (error: unknown) =>
  /UNIQUE constraint failed: lead_actions\.id/.test(String(rootDatabaseError(error)));

export interface NewAction {
  kind: LeadActionKind;
  label: string;
  userId: number;
  leadCount: number;
  at: string;
}

/**
 * The id the next action will have. An action's history rows name it in the same batch as
 * its insert, so it is chosen before; two actions choosing the same one fail on the primary
 * key, and the later one tries again with the next.
 */
export async function nextActionId(db: Database): Promise<number> {
  const [row] = await db.all<{ next: number }>(
    sql`SELECT coalesce(max(id), 0) + 1 AS next FROM lead_actions`,
  );
  return row!.next;
}

export const insertAction = (id: number, action: NewAction) =>
  sql`INSERT INTO lead_actions (id, kind, label, user_id, lead_count, at)
    VALUES (${id}, ${action.kind}, ${action.label}, ${action.userId}, ${action.leadCount}, ${action.at})`;

/**
 * Whether the action `id` is this very one (its stamp and author): D1 ran the batch, the
 * answer was lost, and sending it again found the id taken by itself.
 */
export async function landed(db: Database, id: number, action: NewAction): Promise<boolean> {
  const [row] = await db.all<{ at: string; userId: number | null }>(
    sql`SELECT at, user_id AS userId FROM lead_actions WHERE id = ${id}`,
  );
  return row?.at === action.at && row.userId === action.userId;
}

/** An action as the answers name it. */
export async function actionSummary(db: Database, id: number): Promise<LeadActionSummary | undefined> {
  const [row] = await db.all<LeadActionSummary>(
    sql`SELECT id, kind, label, lead_count AS leadCount, at, undone_at AS undoneAt FROM lead_actions WHERE id = ${id}`,
  );
  return row;
}
