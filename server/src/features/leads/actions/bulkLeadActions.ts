import type { ChangedLead, LeadActionResult, LeadsBulkRequest } from '@auditdesk/shared/core';
import { sql, type SQL } from 'drizzle-orm';
import type { EditWriteRequests } from '../calendarWrites/editWriteRequests';
import type { Database, Statement } from '../../../platform/db/database';
import type { DataVersions } from '../../../platform/db/dataVersions';
import { leads } from '../../../platform/db/schema';
import { editHistory, eventHistory } from '../history/historyStatements';
import { officeEditStatements, settleOfficeValues } from '../office/officeValueStatements';
import { jsonChunks } from '../repository/leadSyncWriter';
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
import { bulkActionLabel } from './bulkActionLabel';

export type BulkOutcome =
  | { kind: 'done'; result: LeadActionResult }
  /** Some leads are gone or at another version than the request's: nothing was written. */
  | { kind: 'changed'; leads: ChangedLead[] };

/** Two actions taking the same id at once is rare; more than a few in a row is a fault. */
const ID_ATTEMPTS = 5;

const idOf = sql.raw(`json_extract(j.value, '$[0]')`);
const versionOf = sql.raw(`json_extract(j.value, '$[1]')`);

/**
 * A change or a delete of many leads as one action, all or nothing. The leads, as
 * [id, version] pairs, go to the database as JSON text bound to one parameter per chunk (D1
 * limits statements' parameters and size); every chunk is guarded in the same batch, so a lead
 * changed by anyone between the check and the write refuses the whole batch.
 */
export function createBulkLeadActions(
  db: Database,
  versions: DataVersions,
  writeRequests: EditWriteRequests | null,
) {
  const { orm } = db;

  /** The request's leads that are gone (version null) or at another version than it names. */
  async function changedLeads(chunks: string[]): Promise<ChangedLead[]> {
    const found: ChangedLead[] = [];
    for (const chunk of chunks)
      found.push(
        ...(await db.all<ChangedLead>(
          sql`SELECT ${idOf} AS id, l.version AS version FROM json_each(${chunk}) AS j
            LEFT JOIN leads AS l ON l.id = ${idOf} AND l.deleted_at IS NULL
            WHERE l.id IS NULL OR l.version <> ${versionOf} ORDER BY j.key`,
        )),
      );
    return found;
  }

  const anyChanged = (chunk: string) =>
    sql`EXISTS (SELECT 1 FROM json_each(${chunk}) AS j
      LEFT JOIN leads AS l ON l.id = ${idOf} AND l.deleted_at IS NULL AND l.version = ${versionOf}
      WHERE l.id IS NULL)`;

  const inChunk = (chunk: string): SQL =>
    sql`${leads.deletedAt} IS NULL AND ${leads.id} IN (SELECT json_extract(value, '$[0]') FROM json_each(${chunk}))`;

  function writes(
    request: LeadsBulkRequest,
    chunk: string,
    actor: { userId: number; actionId: number },
    at: string,
  ): Statement[] {
    const where = inChunk(chunk);
    const bumped = { updatedAt: at, version: sql`${leads.version} + 1` };
    if (!request.change)
      return [
        eventHistory('deleted', where, actor, at),
        orm
          .update(leads)
          .set({ deletedAt: at, deletedBy: 'office', ...bumped })
          .where(where),
      ];
    return [
      ...editHistory(request.change, where, actor, at),
      // on a calendar lead, as a single edit: office values, which syncs leave alone
      ...officeEditStatements(request.change, where, actor.userId, at),
      orm
        .update(leads)
        .set({ ...request.change, ...bumped })
        .where(where),
      ...settleOfficeValues(sql`(SELECT json_extract(value, '$[0]') FROM json_each(${chunk}))`),
      ...(writeRequests?.statements(
        sql`(SELECT json_extract(value, '$[0]') FROM json_each(${chunk}))`,
        at,
        actor.userId,
      ) ?? []),
    ];
  }

  async function versionsAfter(chunks: string[]) {
    const after: { id: number; version: number }[] = [];
    for (const chunk of chunks)
      after.push(
        ...(await db.all<{ id: number; version: number }>(
          sql`SELECT l.id AS id, l.version AS version FROM json_each(${chunk}) AS j JOIN leads AS l ON l.id = ${idOf} ORDER BY j.key`,
        )),
      );
    return after;
  }

  return {
    async apply(request: LeadsBulkRequest, userId: number): Promise<BulkOutcome> {
      const chunks = jsonChunks(request.leads.map((lead) => [lead.id, lead.version]));
      const changed = await changedLeads(chunks);
      if (changed.length > 0) return { kind: 'changed', leads: changed };

      for (let attempt = 1; ; attempt++) {
        const id = await nextActionId(db);
        const action: NewAction = {
          kind: 'bulk',
          label: bulkActionLabel(request),
          userId,
          leadCount: request.leads.length,
          at: new Date().toISOString(),
        };
        const actor = { userId, actionId: id };
        try {
          await db.batch([
            insertAction(id, action),
            ...chunks.map((chunk) => refuseIf(id, anyChanged(chunk))),
            ...chunks.flatMap((chunk) => writes(request, chunk, actor, action.at)),
            versions.bump('leads'),
          ]);
        } catch (error) {
          if (isRefused(error)) return { kind: 'changed', leads: await changedLeads(chunks) };
          if (!isIdTaken(error)) throw error;
          if (!(await landed(db, id, action))) {
            if (attempt < ID_ATTEMPTS) continue;
            throw error;
          }
        }
        writeRequests?.requested();
        return {
          kind: 'done',
          result: { action: (await actionSummary(db, id))!, leads: await versionsAfter(chunks) },
        };
      }
    },
  };
}
