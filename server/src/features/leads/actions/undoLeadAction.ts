import type { ChangedLead, LeadActionResult } from '@auditdesk/shared/core';
import { sql, type SQL } from 'drizzle-orm';
import type { EditWriteRequests } from '../calendarWrites/editWriteRequests';
import type { Database, Statement } from '../../../platform/db/database';
import type { DataVersions } from '../../../platform/db/dataVersions';
import { leads } from '../../../platform/db/schema';
import { eventHistory, HISTORY_FIELDS, type HistoryField } from '../history/historyStatements';
import { officeEditStatements, settleOfficeValues } from '../office/officeValueStatements';
import { fieldText, isDaySql, storedDateSql } from '../record/dateText';
import { weekOfMonthSql } from '../record/weekOfMonth';
import {
  actionSummary,
  insertAction,
  isIdTaken,
  isRefused,
  landed,
  nextActionId,
  refuseIf,
  type NewAction,
} from './actionStatements';

export type UndoOutcome =
  /** `author`: who made the action undone (null: unknown, or a sync). */
  | { kind: 'done'; result: LeadActionResult; author: number | null }
  | { kind: 'missing' }
  | { kind: 'alreadyUndone'; undoneAt: string }
  /** An undo puts back what another action changed; it is not itself undone. */
  | { kind: 'isUndo' }
  /** Leads written since the action (by anyone): nothing was put back. */
  | { kind: 'changed'; leads: ChangedLead[] };

const ID_ATTEMPTS = 5;
const column = (field: HistoryField) => sql.raw(leads[field].name);

/**
 * Undoes a bulk action, an import or a merge: puts back, from the action's own history entries,
 * the values it replaced, restores the leads it deleted (or merged away) and deletes the ones it
 * created — only
 * if none of its leads was written since, all or nothing, as an action of its own (kind
 * 'undo') whose history entries say so. An action is undone once.
 */
export function createLeadActionUndo(
  db: Database,
  versions: DataVersions,
  writeRequests: EditWriteRequests | null,
) {
  const entries = (actionId: number, kind: string, field?: HistoryField) =>
    sql`SELECT lead_id FROM lead_history WHERE action_id = ${actionId} AND kind = ${kind}
      ${field ? sql`AND field = ${field}` : sql``}`;
  const actionLeads = (actionId: number) =>
    sql`SELECT lead_id FROM lead_history WHERE action_id = ${actionId}`;

  /**
   * The action's leads written since it: a later history entry, or a later write of any kind —
   * but the action's own values reaching the calendar (write-back) change nothing here.
   */
  const writtenSince = (actionId: number, at: string) =>
    sql`l.id IN (${actionLeads(actionId)}) AND (l.updated_at > ${at} OR EXISTS (
      SELECT 1 FROM lead_history AS later WHERE later.lead_id = l.id AND later.kind <> 'written-back'
        AND later.id > (SELECT max(id) FROM lead_history WHERE action_id = ${actionId})))`;

  const changedSince = (actionId: number, at: string) =>
    db.all<ChangedLead>(
      sql`SELECT l.id AS id, l.version AS version FROM leads AS l WHERE ${writtenSince(actionId, at)} ORDER BY l.id`,
    );

  /** Each field back to the value the action found, with its history entry first. */
  function restoreField(
    actionId: number,
    field: HistoryField,
    actor: SQL,
    userId: number,
    at: string,
  ): Statement[] {
    const before = sql`(SELECT h.old_value FROM lead_history AS h WHERE h.action_id = ${actionId}
      AND h.kind = 'changed' AND h.field = ${field} AND h.lead_id = leads.id ORDER BY h.id LIMIT 1)`;
    const changedLeads = sql`id IN (${entries(actionId, 'changed', field)})`;
    return [
      sql`INSERT INTO lead_history (lead_id, kind, field, old_value, new_value, user_id, run_id, action_id, at)
        SELECT id, 'changed', ${field}, ${fieldText(field)}, ${before}, ${actor}, ${at} FROM leads
        WHERE ${changedLeads} AND ${fieldText(field)} IS NOT ${before}`,
      // on a calendar lead the value put back is the office's (settled away when it is the calendar's)
      ...officeEditStatements({ [field]: before }, changedLeads, userId, at),
      // the history holds a day as its date (dateText.ts): put back as a day
      field === 'scheduledDate'
        ? sql`UPDATE leads SET scheduled_date = ${storedDateSql(before)}, all_day = ${isDaySql(before)},
            week = ${weekOfMonthSql(storedDateSql(before))}
          WHERE id IN (${entries(actionId, 'changed', field)})`
        : sql`UPDATE leads SET ${column(field)} = ${before} WHERE id IN (${entries(actionId, 'changed', field)})`,
    ];
  }

  async function statements(actionId: number, undo: { id: number; userId: number; at: string }) {
    const present = await db.all<{ kind: string; field: HistoryField | null }>(
      sql`SELECT DISTINCT kind, field FROM lead_history WHERE action_id = ${actionId}`,
    );
    const actor = { userId: undo.userId, actionId: undo.id };
    const actorValues = sql`${undo.userId}, NULL, ${undo.id}`;
    const inEntries = (kind: string) => sql`${leads.id} IN (${entries(actionId, kind)})`;
    const restore: Statement[] = [];
    for (const { kind, field } of present) {
      if (kind === 'changed' && field && HISTORY_FIELDS.includes(field))
        restore.push(...restoreField(actionId, field, actorValues, undo.userId, undo.at));
      if (kind === 'deleted')
        restore.push(
          eventHistory('restored', inEntries('deleted'), actor, undo.at),
          // a lead merged away is no longer merged into the other
          sql`UPDATE leads SET deleted_at = NULL, deleted_by = NULL, merged_into = NULL
            WHERE id IN (${entries(actionId, 'deleted')})`,
        );
      if (kind === 'created')
        restore.push(
          eventHistory('deleted', sql`${inEntries('created')} AND deleted_at IS NULL`, actor, undo.at),
          sql`UPDATE leads SET deleted_at = ${undo.at}, deleted_by = 'office' WHERE id IN (${entries(actionId, 'created')}) AND deleted_at IS NULL`,
        );
    }
    return restore;
  }

  async function undo(actionId: number, userId: number): Promise<UndoOutcome> {
    const original = await actionSummary(db, actionId);
    if (!original) return { kind: 'missing' };
    if (original.undoneAt) return { kind: 'alreadyUndone', undoneAt: original.undoneAt };
    if (original.kind === 'undo') return { kind: 'isUndo' };
    const changed = await changedSince(actionId, original.at);
    if (changed.length > 0) return { kind: 'changed', leads: changed };

    for (let attempt = 1; ; attempt++) {
      const id = await nextActionId(db);
      const action: NewAction = {
        kind: 'undo',
        label: `Undo of “${original.label}”`,
        userId,
        leadCount: original.leadCount,
        at: new Date().toISOString(),
      };
      try {
        await db.batch([
          insertAction(id, action),
          refuseIf(
            id,
            sql`EXISTS (SELECT 1 FROM lead_actions WHERE id = ${actionId} AND undone_at IS NOT NULL)`,
          ),
          refuseIf(id, sql`EXISTS (SELECT 1 FROM leads AS l WHERE ${writtenSince(actionId, original.at)})`),
          ...(await statements(actionId, { id, userId, at: action.at })),
          sql`UPDATE leads SET version = version + 1, updated_at = ${action.at}
              WHERE id IN (${actionLeads(actionId)})`,
          ...settleOfficeValues(sql`(${actionLeads(actionId)})`),
          ...(writeRequests?.statements(sql`(${actionLeads(actionId)})`, action.at, userId) ?? []),
          sql`UPDATE lead_actions SET undone_at = ${action.at}, undone_by = ${userId} WHERE id = ${actionId}`,
          versions.bump('leads'),
        ]);
      } catch (error) {
        if (isRefused(error)) return undo(actionId, userId); // written meanwhile: the checks above tell how
        if (!isIdTaken(error)) throw error;
        if (!(await landed(db, id, action))) {
          if (attempt < ID_ATTEMPTS) continue;
          throw error;
        }
      }
      const after = await db.all<{ id: number; version: number }>(
        sql`SELECT id, version FROM leads WHERE id IN (${actionLeads(actionId)}) ORDER BY id`,
      );
      writeRequests?.requested();
      const [made] = await db.all<{ author: number | null }>(
        sql`SELECT user_id AS author FROM lead_actions WHERE id = ${actionId}`,
      );
      return {
        kind: 'done',
        result: { action: (await actionSummary(db, id))!, leads: after },
        author: made?.author ?? null,
      };
    }
  }

  return { undo };
}
