import {
  MERGEABLE_LEAD_FIELDS,
  mergeSurvivor,
  preselectMerge,
  type ChangedLead,
  type LeadMergeResult,
  type LeadResource,
  type LeadsMergeRequest,
  type MergeableLeadField,
  type MergeSide,
} from '@auditdesk/shared/core';
import { sql } from 'drizzle-orm';
import type { Database, Statement } from '../../../platform/db/database';
import type { DataVersions } from '../../../platform/db/dataVersions';
import { leads } from '../../../platform/db/schema';
import {
  actionSummary,
  insertAction,
  isIdTaken,
  isRefused,
  landed,
  nextActionId,
  refuseIf,
  type NewAction,
} from '../actions/actionStatements';
import type { EditWriteRequests } from '../calendarWrites/editWriteRequests';
import { editHistory, eventHistory, type HistoryField } from '../history/historyStatements';
import { officeEditStatements, settleOfficeValues } from '../office/officeValueStatements';
import { weekOfMonth } from '../record/weekOfMonth';

export type MergeOutcome =
  | { kind: 'done'; result: LeadMergeResult }
  /** A lead is gone or at another version than the request's: nothing was written. */
  | { kind: 'changed'; leads: ChangedLead[] };

const ID_ATTEMPTS = 5;
const CANCELLED = 'Cancelled';

type Changes = Partial<Record<HistoryField, string | null>>;

/** What the merged lead's fields become that differ from what it holds. */
function changesOf(kept: LeadResource, values: Record<MergeableLeadField, string | null>): Changes {
  const changes: Changes = {};
  for (const field of MERGEABLE_LEAD_FIELDS)
    if ((values[field] ?? null) !== (kept[field] ?? null)) changes[field] = values[field];
  return changes;
}

const quoted = (name: string) => `“${name || '(no name)'}”`;

/**
 * Two leads of one household made one (DESIGN.md section 24), all or nothing, as an action
 * that one undo takes back: the merged lead (a calendar lead's row, else the first named) takes
 * the chosen values — on a calendar lead as office values, which syncs leave alone — and a
 * "merged" history entry; the other is deleted as merged into it, its row, history and office
 * values kept as they are, so the undo restores it exactly. With write-back on, the merged
 * lead's event is written, and the gone one's cancelled when the person asks.
 */
export function createLeadMerge(
  db: Database,
  versions: DataVersions,
  find: (id: number) => Promise<LeadResource | undefined>,
  writeRequests: EditWriteRequests | null,
) {
  async function sideOf(lead: LeadResource): Promise<MergeSide> {
    const office = await db.all<{ field: string }>(
      sql`SELECT field FROM lead_office_values WHERE lead_id = ${lead.id}`,
    );
    return {
      id: lead.id,
      source: lead.source,
      updatedAt: lead.updatedAt,
      values: Object.fromEntries(
        MERGEABLE_LEAD_FIELDS.map((field) => [field, lead[field]]),
      ) as MergeSide['values'],
      officeFields: office.map((row) => row.field),
    };
  }

  async function changedLeads(request: LeadsMergeRequest): Promise<ChangedLead[]> {
    const found = await Promise.all(request.leads.map(({ id }) => find(id)));
    return request.leads.flatMap(({ id, version }, index) => {
      const now = found[index]?.version ?? null;
      return now === version ? [] : [{ id, version: now }];
    });
  }

  /** The batch's writes after the action's insert and guards. */
  function statements(
    kept: LeadResource,
    gone: LeadResource,
    changes: Changes,
    cancelGone: boolean,
    actor: { userId: number; actionId: number },
    at: string,
  ): Statement[] {
    const keptRow = sql`id = ${kept.id}`;
    const goneRow = sql`id = ${gone.id}`;
    const bump = sql`updated_at = ${at}, version = version + 1`;
    const assignments = Object.entries(changes).map(
      ([field, value]) => sql`${sql.raw(leads[field as HistoryField].name)} = ${value}`,
    );
    if ('scheduledDate' in changes) {
      const date = changes.scheduledDate;
      assignments.push(sql`week = ${date ? weekOfMonth(new Date(date)) : null}`);
    }
    const goneChanges: Changes = cancelGone && gone.status !== CANCELLED ? { status: CANCELLED } : {};
    return [
      // the merged lead: the chosen values, recorded field by field
      ...editHistory(changes, keptRow, actor, at),
      ...officeEditStatements(changes, keptRow, actor.userId, at),
      sql`UPDATE leads SET ${sql.join([...assignments, bump], sql`, `)} WHERE ${keptRow}`,
      // the gone lead: cancelled if asked (its event too, by write-back), then deleted as merged
      ...editHistory(goneChanges, goneRow, actor, at),
      ...officeEditStatements(goneChanges, goneRow, actor.userId, at),
      ...(goneChanges.status ? [sql`UPDATE leads SET status = ${CANCELLED} WHERE ${goneRow}`] : []),
      eventHistory('deleted', goneRow, actor, at),
      sql`UPDATE leads SET deleted_at = ${at}, deleted_by = 'merged', merged_into = ${kept.id}, ${bump}
        WHERE ${goneRow}`,
      // last, so that the merged lead's history opens with it
      sql`INSERT INTO lead_history (lead_id, kind, field, old_value, new_value, user_id, run_id, action_id, at)
        VALUES (${kept.id}, 'merged', NULL, ${gone.customerName}, ${gone.leadId}, ${actor.userId}, NULL, ${actor.actionId}, ${at})`,
      ...settleOfficeValues(sql`(${kept.id}, ${gone.id})`),
      ...(writeRequests?.statements(cancelGone ? sql`(${kept.id}, ${gone.id})` : kept.id, at, actor.userId) ??
        []),
      versions.bump('leads'),
    ];
  }

  return {
    async merge(request: LeadsMergeRequest, userId: number): Promise<MergeOutcome> {
      const changed = await changedLeads(request);
      if (changed.length > 0) return { kind: 'changed', leads: changed };
      const [first, second] = (await Promise.all(request.leads.map(({ id }) => find(id)))) as [
        LeadResource,
        LeadResource,
      ];
      const [kept, gone] = mergeSurvivor(first, second);
      const sides = (await Promise.all([sideOf(kept), sideOf(gone)])) as [MergeSide, MergeSide];
      const values = { ...preselectMerge(sides), ...request.values };
      const changes = changesOf(kept, values);
      const cancelGone = request.goneEvent === 'cancel' && gone.source === 'calendar';
      const atVersion = request.leads.map(
        ({ id, version }) =>
          sql`NOT EXISTS (SELECT 1 FROM leads WHERE id = ${id} AND deleted_at IS NULL AND version = ${version})`,
      );

      for (let attempt = 1; ; attempt++) {
        const id = await nextActionId(db);
        const action: NewAction = {
          kind: 'merge',
          label: `Merge of ${quoted(gone.customerName)} into ${quoted(kept.customerName)}`,
          userId,
          leadCount: 2,
          at: new Date().toISOString(),
        };
        try {
          await db.batch([
            insertAction(id, action),
            ...atVersion.map((stale) => refuseIf(id, stale)),
            ...statements(kept, gone, changes, cancelGone, { userId, actionId: id }, action.at),
          ]);
        } catch (error) {
          if (isRefused(error)) return { kind: 'changed', leads: await changedLeads(request) };
          if (!isIdTaken(error)) throw error;
          if (!(await landed(db, id, action))) {
            if (attempt < ID_ATTEMPTS) continue;
            throw error;
          }
        }
        writeRequests?.requested();
        const after = await db.all<{ id: number; version: number }>(
          sql`SELECT id, version FROM leads WHERE id IN (${kept.id}, ${gone.id}) ORDER BY id`,
        );
        return {
          kind: 'done',
          result: {
            action: (await actionSummary(db, id))!,
            lead: (await find(kept.id))!,
            goneId: gone.id,
            leads: after,
          },
        };
      }
    },
  };
}
