import { storedLeadDate, type LeadCreate, type LeadPatch, type LeadResource } from '@auditdesk/shared/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../../platform/db/database';
import type { DataVersions } from '../../../platform/db/dataVersions';
import { rootDatabaseError } from '../../../platform/db/databaseUnavailable';
import { leads } from '../../../platform/db/schema';
import { weekOfMonth } from '../record/weekOfMonth';
import { editHistory, eventHistory, type Actor } from '../history/historyStatements';
import { officeEditStatements, settleOfficeValues } from '../office/officeValueStatements';
import type { EditWriteRequests } from '../calendarWrites/editWriteRequests';

export type EditOutcome<T = LeadResource> =
  | { kind: 'done'; lead: T }
  | { kind: 'missing' }
  /** The lead changed since the caller read it (its version differs): nothing was written. */
  | { kind: 'stale'; current: LeadResource };

const weekOf = (iso: string | null) => (iso ? weekOfMonth(new Date(iso)) : null);

/**
 * The dates as the lead stores them (a day sent as yyyy-mm-dd is that day at 00:00 UTC, all
 * day), with what follows the visit's date: its week and whether it is a day.
 */
function storedDates<T extends Partial<Pick<LeadCreate, 'scheduledDate' | 'endDate'>>>(changes: T) {
  const stored: T & { week?: number | null; allDay?: boolean } = { ...changes };
  if ('scheduledDate' in changes) {
    const { value, allDay } = storedLeadDate(changes.scheduledDate ?? null);
    Object.assign(stored, { scheduledDate: value, allDay, week: weekOf(value) });
  }
  if ('endDate' in changes) stored.endDate = storedLeadDate(changes.endDate ?? null).value;
  return stored;
}

/**
 * Hand edits of leads. An edit changes only the fields it names, and with an expected
 * version only if nobody changed the lead since (optimistic concurrency). On a calendar
 * lead each changed field becomes an office value, which later syncs leave alone
 * (officeValueStatements.ts). A deleted calendar lead stays deleted when its event is synced
 * again, until a person restores it.
 */
export function createLeadEdits(
  db: Database,
  versions: DataVersions,
  find: (id: number) => Promise<LeadResource | undefined>,
  /** With calendar write-back on: the write of the edited lead's event, stored in the edit's batch. */
  writeRequests: EditWriteRequests | null = null,
) {
  const { orm } = db;
  const live = isNull(leads.deletedAt);
  const matching = (id: number, expectedVersion?: number) =>
    and(
      eq(leads.id, id),
      live,
      expectedVersion === undefined ? undefined : eq(leads.version, expectedVersion),
    );

  /** After a write that changed nothing: was the lead missing or had it moved on? */
  async function whyNot(id: number): Promise<EditOutcome<never>> {
    const current = await find(id);
    return current ? { kind: 'stale', current } : { kind: 'missing' };
  }

  /**
   * Whether this very write is what the lead holds: D1 ran it, the answer was lost, and the
   * request sent again found nothing to change (its own stamp and version are there).
   */
  async function landedBefore(id: number, stamp: string, expectedVersion?: number): Promise<boolean> {
    const row = await orm
      .select({ updatedAt: leads.updatedAt, version: leads.version })
      .from(leads)
      .where(eq(leads.id, id))
      .get();
    return row?.updatedAt === stamp && (expectedVersion === undefined || row.version === expectedVersion + 1);
  }

  const isDuplicateLeadId = (error: unknown) =>
    /UNIQUE constraint failed: leads\.lead_id/.test(String(rootDatabaseError(error)));

  return {
    /** `actor`: who does it, for the lead's history (unknown when not given). */
    async create(sent: LeadCreate, actor: Actor = { userId: null }): Promise<LeadResource> {
      const input = storedDates(sent);
      const leadId = `manual-${randomUUID()}`;
      const now = new Date().toISOString();
      await db
        .batch([
          orm.insert(leads).values({
            ...input,
            leadId,
            source: 'manual',
            isFormatted: true,
            createdAt: now,
            updatedAt: now,
          }),
          eventHistory('created', eq(leads.leadId, leadId), actor, now),
          versions.bump('leads'),
        ])
        .catch((error: unknown) => {
          // a fresh random leadId already there: this insert, sent again after a lost answer
          if (!isDuplicateLeadId(error)) throw error;
        });
      const row = await orm.select({ id: leads.id }).from(leads).where(eq(leads.leadId, leadId)).get();
      return (await find(row!.id))!;
    },

    async update(
      id: number,
      sent: LeadPatch,
      expectedVersion?: number,
      actor: Actor = { userId: null },
    ): Promise<EditOutcome> {
      const stamp = new Date().toISOString();
      const where = matching(id, expectedVersion)!;
      const stored = storedDates(sent);
      const { week: _week, allDay: _allDay, ...storedChanges } = stored;
      // history and office values hold a day as its date (dateText.ts), as it was sent
      const changes =
        'scheduledDate' in sent ? { ...storedChanges, scheduledDate: sent.scheduledDate } : storedChanges;
      const before = [
        ...editHistory(changes, where, actor, stamp),
        ...officeEditStatements(changes, where, 'userId' in actor ? actor.userId : null, stamp),
      ];
      const results = await db.batch([
        ...before,
        orm
          .update(leads)
          .set({
            ...stored,
            updatedAt: stamp,
            version: sql`${leads.version} + 1`,
          })
          .where(where),
        versions.bumpIfChanged('leads'), // counts the edit: changes() of the statement before it
        ...settleOfficeValues(sql`(${id})`),
        ...(writeRequests?.statements(id, stamp, 'userId' in actor ? actor.userId : null) ?? []),
      ]);
      const changed = results[before.length]; // the edit itself, after what reads the lead before it
      if (!changed && !(await landedBefore(id, stamp, expectedVersion))) return whyNot(id);
      writeRequests?.requested();
      return { kind: 'done', lead: (await find(id))! };
    },

    async softDelete(
      id: number,
      expectedVersion?: number,
      actor: Actor = { userId: null },
    ): Promise<EditOutcome<null>> {
      const now = new Date().toISOString();
      const [, changed] = await db.batch([
        eventHistory('deleted', matching(id, expectedVersion)!, actor, now),
        orm
          .update(leads)
          .set({ deletedAt: now, deletedBy: 'office', updatedAt: now, version: sql`${leads.version} + 1` })
          .where(matching(id, expectedVersion)),
        versions.bumpIfChanged('leads'),
      ]);
      if (!changed && !(await landedBefore(id, now, expectedVersion))) return whyNot(id);
      return { kind: 'done', lead: null };
    },
  };
}
