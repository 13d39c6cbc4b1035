import type { LeadDetail, LeadResource, OfficeValue, OfficeValueField } from '@auditdesk/shared/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Statement } from '../../../platform/db/database';
import type { DataVersions } from '../../../platform/db/dataVersions';
import { leadOfficeValues, leads, users } from '../../../platform/db/schema';
import { officeDate } from './officeOverlay';
import type { EditOutcome } from '../repository/leadEdits';
import { settleOfficeValues } from './officeValueStatements';
import { createCalendarWritesRepository } from '../calendarWrites/calendarWritesRepository';
import type { EditWriteRequests } from '../calendarWrites/editWriteRequests';

type Choice = 'office' | 'calendar';

/**
 * A person's way out of a lead's office values: keep the office's value (a conflict is then
 * settled), use the calendar's (one click per field, conflict or not), decide about an event
 * the calendar deleted, or restore a lead deleted here. Each is one batch with its history,
 * and only at the version the person saw.
 */
export function createLeadReview(
  db: Database,
  versions: DataVersions,
  find: (id: number) => Promise<LeadResource | undefined>,
  /** With calendar write-back on: a decision may let a write that waited for it go out. */
  writeRequests: EditWriteRequests | null = null,
) {
  const { orm } = db;
  const calendarWrites = createCalendarWritesRepository(db);

  async function officeValuesOf(leadId: number): Promise<OfficeValue[]> {
    const rows = await orm
      .select({ value: leadOfficeValues, name: users.fullName })
      .from(leadOfficeValues)
      .leftJoin(users, eq(users.id, leadOfficeValues.userId))
      .where(eq(leadOfficeValues.leadId, leadId))
      .all();
    return rows.map(({ value, name }) => ({
      field: value.field as OfficeValueField,
      officeValue: value.officeValue,
      calendarValue: value.calendarValue,
      editedBy: { userId: value.userId, name: name ?? null },
      editedAt: value.at,
      calendarChangedBy: value.calendarAt ? { runId: value.calendarRunId, at: value.calendarAt } : null,
      conflict: value.conflict,
    }));
  }

  async function detail(id: number): Promise<LeadDetail | undefined> {
    const lead = await find(id);
    if (!lead) return undefined;
    const row = await orm
      .select({ calendarDeletedAt: leads.calendarDeletedAt })
      .from(leads)
      .where(eq(leads.id, id))
      .get();
    return {
      ...lead,
      officeValues: await officeValuesOf(id),
      calendarDeletedAt: row?.calendarDeletedAt ?? null,
      calendarWrite: await calendarWrites.pending(id),
    };
  }

  /** Runs the batch when the lead is live at `version`; its first statement must be the lead's own update. */
  async function atVersion(
    id: number,
    version: number,
    statements: (stamp: string, where: ReturnType<typeof and>) => Statement[],
  ): Promise<EditOutcome<LeadDetail>> {
    const stamp = new Date().toISOString();
    const where = and(eq(leads.id, id), eq(leads.version, version));
    const [history, ...rest] = statements(stamp, where);
    const [, changed] = await db.batch([
      history!,
      ...rest.slice(0, 1),
      versions.bumpIfChanged('leads'),
      ...rest.slice(1),
      ...settleOfficeValues(sql`(${id})`),
    ]);
    const now = await detail(id);
    if (!now) return { kind: 'missing' };
    if (!changed) return { kind: 'stale', current: now };
    writeRequests?.requested();
    return { kind: 'done', lead: now };
  }

  const bump = (stamp: string) => ({ updatedAt: stamp, version: sql`${leads.version} + 1` });

  return {
    detail,

    /** Keeps the office's value of a field in conflict, or puts the calendar's value back. */
    async resolveField(
      id: number,
      field: OfficeValueField,
      use: Choice,
      expectedVersion: number | undefined,
      userId: number | null,
    ): Promise<EditOutcome<LeadDetail> | { kind: 'nothing' }> {
      const lead = await find(id);
      if (!lead) return { kind: 'missing' };
      if (expectedVersion !== undefined && lead.version !== expectedVersion)
        return { kind: 'stale', current: (await detail(id))! };
      const office = (await officeValuesOf(id)).find((value) => value.field === field);
      if (!office || (use === 'office' && !office.conflict)) return { kind: 'nothing' };
      const ofField = and(eq(leadOfficeValues.leadId, id), eq(leadOfficeValues.field, field));
      return atVersion(id, lead.version, (stamp, where) =>
        use === 'calendar'
          ? [
              sql`INSERT INTO lead_history (lead_id, kind, field, old_value, new_value, user_id, run_id, action_id, at)
                SELECT id, 'changed', ${field}, ${office.officeValue}, ${office.calendarValue}, ${userId}, NULL, NULL, ${stamp}
                FROM leads WHERE ${where}`,
              orm
                .update(leads)
                .set({
                  [field]:
                    office.calendarValue ?? (field === 'scheduledDate' || field === 'endDate' ? null : ''),
                  ...(field === 'scheduledDate' ? officeDate(office.calendarValue) : {}),
                  ...bump(stamp),
                })
                .where(where),
              orm.delete(leadOfficeValues).where(ofField),
            ]
          : [
              sql`INSERT INTO lead_history (lead_id, kind, field, old_value, new_value, user_id, run_id, action_id, at)
                SELECT id, 'kept', ${field}, ${office.calendarValue}, ${office.officeValue}, ${userId}, NULL, NULL, ${stamp}
                FROM leads WHERE ${where}`,
              orm.update(leads).set(bump(stamp)).where(where),
              orm.update(leadOfficeValues).set({ conflict: false }).where(ofField),
            ],
      );
    },

    /**
     * A lead whose event the calendar deleted while it held office values: keep it (as a
     * manual lead, which no sync touches again), or delete it as the calendar did.
     */
    async resolveDeletion(
      id: number,
      use: Choice,
      expectedVersion: number | undefined,
      userId: number | null,
    ): Promise<EditOutcome<LeadDetail> | { kind: 'nothing' }> {
      const current = await detail(id);
      if (!current) return { kind: 'missing' };
      if (expectedVersion !== undefined && current.version !== expectedVersion)
        return { kind: 'stale', current };
      if (!current.calendarDeletedAt) return { kind: 'nothing' };
      const outcome = await atVersion(id, current.version, (stamp, where) => [
        sql`INSERT INTO lead_history (lead_id, kind, field, old_value, new_value, user_id, run_id, action_id, at)
          SELECT id, ${use === 'office' ? 'kept' : 'deleted'}, NULL, NULL, NULL, ${userId}, NULL, NULL, ${stamp}
          FROM leads WHERE ${where}`,
        orm
          .update(leads)
          .set(
            use === 'office'
              ? { source: 'manual', calendarDeletedAt: null, needsReview: false, ...bump(stamp) }
              : { deletedAt: stamp, deletedBy: 'calendar', needsReview: false, ...bump(stamp) },
          )
          .where(where),
        orm.delete(leadOfficeValues).where(eq(leadOfficeValues.leadId, id)),
      ]);
      // deleted as the calendar did: not found any more, which is what was asked
      return use === 'calendar' && outcome.kind === 'missing' ? { kind: 'done', lead: current } : outcome;
    },

    /** Undoes a person's delete of a lead (a lead the calendar deleted comes back with its event). */
    async restore(id: number, userId: number | null): Promise<EditOutcome<LeadDetail>> {
      const stamp = new Date().toISOString();
      const where = and(eq(leads.id, id), eq(leads.deletedBy, 'office'));
      const [, changed] = await db.batch([
        sql`INSERT INTO lead_history (lead_id, kind, field, old_value, new_value, user_id, run_id, action_id, at)
          SELECT id, 'restored', NULL, NULL, NULL, ${userId}, NULL, NULL, ${stamp} FROM leads WHERE ${where}`,
        orm
          .update(leads)
          .set({ deletedAt: null, deletedBy: null, ...bump(stamp) })
          .where(where),
        versions.bumpIfChanged('leads'),
      ]);
      const now = await detail(id);
      return changed && now ? { kind: 'done', lead: now } : { kind: 'missing' };
    },
  };
}
