import { and, eq, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Statement } from '../../../platform/db/database';
import { createDataVersions } from '../../../platform/db/dataVersions';
import { calendarWrites } from '../../../platform/db/schema';
import type { EventRef } from '../record/eventRef';
import { leadContentHash } from '../record/leadContentHash';
import type { LeadRecord } from '../record/leadRecord';
import { settleOfficeValues, type OfficeField } from '../office/officeValueStatements';

/** What the lead form says of a write not yet in the calendar. */
export interface PendingWrite {
  /** When the edit that asked for it was made. */
  since: string;
  attempts: number;
  /** Why the last attempt did not reach the calendar; null before the first one. */
  reason: string | null;
  nextAttemptAt: string;
  /** When the calendar refused it for good (it is not tried again until a new edit); null while it is tried. */
  failedAt: string | null;
}

/** A claimed write: the lead's event and the office's values to put in it. */
export interface WriteWork {
  leadId: number;
  /** The edit that asked for it (a newer edit keeps the write waiting after this one). */
  requestedAt: string;
  userId: number | null;
  attempts: number;
  /** Null when there is nothing to write any more (the lead is gone, or holds no office value). */
  event: { leadId: string; customerName: string; ref: EventRef; scheduledDate: string | null } | null;
  officeValues: { field: OfficeField; officeValue: string | null; calendarValue: string | null }[];
}

/**
 * The leads whose event may be written: the live ones, and one merged into another lead (its
 * event cancelled at the merge, or put back by the merge's undo).
 */
const writable = sql`(deleted_at IS NULL OR deleted_by = 'merged')`;

/**
 * After a person's edit of leads (one, or many in a bulk change or an import), in the edit's
 * batch: a write of each one's office values to its event, stored so that a restart loses
 * none. `leadIds`: a list of ids, or SQL selecting them. Only a live calendar lead that holds
 * office values and knows where its event is (the sync stored its reference) gets one, and
 * only when the edit itself landed (its stamp is on the lead). (A write already under way when
 * a person puts every value back still lands; the next sync then brings the event's value.)
 */
export const requestWriteStatements = (
  leadIds: number | SQL,
  stamp: string,
  userId: number | null,
): SQL[] => {
  const chosen = typeof leadIds === 'number' ? sql`(${leadIds})` : leadIds;
  return [
    sql`INSERT INTO calendar_writes (lead_id, requested_at, user_id, attempts, next_attempt_at)
      SELECT id, ${stamp}, ${userId}, 0, ${stamp} FROM leads
      WHERE id IN ${chosen} AND updated_at = ${stamp} AND source = 'calendar' AND ${writable}
        AND event_ref IS NOT NULL AND EXISTS (SELECT 1 FROM lead_office_values o WHERE o.lead_id = leads.id)
      ON CONFLICT (lead_id) DO UPDATE SET requested_at = excluded.requested_at, user_id = excluded.user_id,
        attempts = 0, next_attempt_at = excluded.next_attempt_at, failed_at = NULL`,
    // an edit that put every calendar value back leaves nothing to write
    sql`DELETE FROM calendar_writes WHERE lead_id IN ${chosen}
      AND NOT EXISTS (SELECT 1 FROM lead_office_values o WHERE o.lead_id = calendar_writes.lead_id)`,
  ];
};

/** A field of the event as read back, as its office value is kept (dateText.ts: a day as its date). */
const valueIn = (record: LeadRecord, field: OfficeField): string | null =>
  field === 'scheduledDate' && record.allDay ? record.scheduledDate.slice(0, 10) : (record[field] ?? null);

/** All SQL on calendar_writes, and what a write's outcome does to the lead's office values. */
export function createCalendarWritesRepository(db: Database) {
  const versions = createDataVersions(db);
  const history = (
    leadId: number,
    kind: 'written-back' | 'write-conflict',
    field: string,
    from: string | null,
    to: string | null,
    userId: number | null,
    at: string,
  ) =>
    sql`INSERT INTO lead_history (lead_id, kind, field, old_value, new_value, user_id, run_id, action_id, at)
      VALUES (${leadId}, ${kind}, ${field}, ${from}, ${to}, ${userId}, NULL, NULL, ${at})`;

  /** The write is over for this edit; one asked for by a newer edit goes next. */
  const release = (work: WriteWork, at: string): Statement[] => [
    sql`DELETE FROM calendar_writes WHERE lead_id = ${work.leadId} AND requested_at = ${work.requestedAt}`,
    sql`UPDATE calendar_writes SET claimed_until = NULL, attempts = 0, last_error = NULL, next_attempt_at = ${at},
        failed_at = NULL
      WHERE lead_id = ${work.leadId}`,
  ];

  return {
    /**
     * The leads whose write is due and that no instance holds; a lead that needs review waits.
     * A write the calendar refused for good is not due again, unless the lead's office values
     * are gone meanwhile (the calendar's were chosen): then it is due, to be dropped.
     */
    async due(now: Date, limit: number): Promise<number[]> {
      const at = now.toISOString();
      const rows = await db.all<{ leadId: number }>(
        sql`SELECT w.lead_id AS leadId FROM calendar_writes AS w LEFT JOIN leads AS l ON l.id = w.lead_id
          WHERE w.next_attempt_at <= ${at} AND (w.claimed_until IS NULL OR w.claimed_until <= ${at})
            AND (w.failed_at IS NULL
              OR NOT EXISTS (SELECT 1 FROM lead_office_values AS o WHERE o.lead_id = w.lead_id))
            AND COALESCE(l.needs_review, 0) = 0
          ORDER BY w.next_attempt_at, w.lead_id LIMIT ${limit}`,
      );
      return rows.map((row) => row.leadId);
    },

    /** Takes a lead's write for one attempt; undefined when another instance has it (or it is done). */
    async claim(leadId: number, now: Date, holdMs: number): Promise<WriteWork | undefined> {
      const at = now.toISOString();
      const claimed = await db.orm
        .update(calendarWrites)
        .set({ claimedUntil: new Date(now.getTime() + holdMs).toISOString() })
        .where(
          and(
            eq(calendarWrites.leadId, leadId),
            or(isNull(calendarWrites.claimedUntil), lte(calendarWrites.claimedUntil, at)),
          ),
        )
        .returning({
          requestedAt: calendarWrites.requestedAt,
          userId: calendarWrites.userId,
          attempts: calendarWrites.attempts,
        })
        .get();
      if (!claimed) return undefined;
      const [lead] = await db.all<{
        leadId: string;
        customerName: string;
        ref: string | null;
        etag: string | null;
        instance: string | null;
        scheduledDate: string | null;
      }>(
        sql`SELECT lead_id AS leadId, customer_name AS customerName, event_ref AS ref, event_etag AS etag,
            event_instance AS instance, scheduled_date AS scheduledDate
          FROM leads WHERE id = ${leadId} AND source = 'calendar' AND ${writable}`,
      );
      const officeValues = await db.all<WriteWork['officeValues'][number]>(
        sql`SELECT field, office_value AS officeValue, calendar_value AS calendarValue
          FROM lead_office_values WHERE lead_id = ${leadId} ORDER BY field`,
      );
      return {
        leadId,
        ...claimed,
        event:
          lead?.ref && officeValues.length > 0
            ? {
                leadId: lead.leadId,
                customerName: lead.customerName,
                ref: { id: lead.ref, etag: lead.etag, instance: lead.instance },
                scheduledDate: lead.scheduledDate,
              }
            : null,
        officeValues,
      };
    },

    /** Nothing left to write (the lead is gone, or its office values are). */
    async drop(work: WriteWork, now: Date): Promise<void> {
      await db.batch(release(work, now.toISOString()));
    },

    /**
     * The event now holds the office's values: each written field's calendar value is what the
     * event says, read back (so the office value goes where they agree), the event's new ETag
     * is kept, and the history records each field written.
     */
    async written(
      work: WriteWork,
      fields: OfficeField[],
      record: LeadRecord,
      etag: string | null,
      now: Date,
    ) {
      const at = now.toISOString();
      const written = work.officeValues.filter((value) => fields.includes(value.field));
      await db.batch([
        ...written.flatMap(({ field, calendarValue }) => [
          history(work.leadId, 'written-back', field, calendarValue, valueIn(record, field), work.userId, at),
          sql`UPDATE lead_office_values SET calendar_value = ${valueIn(record, field)}, conflict = 0,
              calendar_run_id = NULL, calendar_at = ${at}
            WHERE lead_id = ${work.leadId} AND field = ${field}`,
        ]),
        // the event as read back is what the next sync reads: its fingerprint, so that sync rewrites
        // nothing — when the write was conditional, so the event held nothing else new
        sql`UPDATE leads SET event_etag = ${etag},
            content_hash = COALESCE(${work.event?.ref.etag ? leadContentHash(record) : null}, content_hash)
          WHERE id = ${work.leadId}`,
        ...settleOfficeValues(sql`(${work.leadId})`),
        ...release(work, at),
        versions.bump('leads'),
      ]);
    },

    /**
     * 412, the event changed in the calendar since the last sync: as a sync would, each office
     * value takes the calendar's new value, and where both changed the field is in conflict
     * (the lead needs review, and the write waits for the person's choice). The new ETag is
     * kept, so a write the calendar's change did not touch goes out at `retryAt`.
     */
    async changedInCalendar(
      work: WriteWork,
      record: LeadRecord,
      etag: string | null,
      retryAt: Date,
      now: Date,
    ) {
      const at = now.toISOString();
      await db.batch([
        ...work.officeValues.flatMap(({ field }) => {
          const incoming = valueIn(record, field);
          const ofField = sql`lead_id = ${work.leadId} AND field = ${field}`;
          return [
            sql`INSERT INTO lead_history (lead_id, kind, field, old_value, new_value, user_id, run_id, action_id, at)
              SELECT lead_id, 'write-conflict', field, calendar_value, ${incoming}, NULL, NULL, NULL, ${at}
              FROM lead_office_values WHERE ${ofField}
                AND calendar_value IS NOT ${incoming} AND office_value IS NOT ${incoming}`,
            sql`UPDATE lead_office_values SET conflict = (office_value IS NOT ${incoming}),
                calendar_value = ${incoming}, calendar_run_id = NULL, calendar_at = ${at}
              WHERE ${ofField} AND calendar_value IS NOT ${incoming}`,
          ];
        }),
        sql`UPDATE leads SET event_etag = ${etag} WHERE id = ${work.leadId}`,
        ...settleOfficeValues(sql`(${work.leadId})`),
        sql`UPDATE calendar_writes SET claimed_until = NULL, attempts = ${work.attempts + 1},
            next_attempt_at = ${retryAt.toISOString()},
            last_error = 'the event was changed in the calendar since the last sync'
          WHERE lead_id = ${work.leadId}`,
        versions.bump('leads'),
      ]);
    },

    /** One attempt that did not reach the calendar: tried again at `retryAt`, the reason kept. */
    async failed(work: WriteWork, reason: string, retryAt: Date): Promise<void> {
      await db.batch([
        sql`UPDATE calendar_writes SET claimed_until = NULL, attempts = ${work.attempts + 1},
            last_error = ${reason}, next_attempt_at = ${retryAt.toISOString()}
          WHERE lead_id = ${work.leadId}`,
      ]);
    },

    /**
     * The calendar refused what was sent (400, 413…; sending it again changes nothing): the write
     * is marked failed with the reason and not tried again until a new edit asks for one. Answers
     * whether it was marked; when a newer edit asked meanwhile, that one goes at once instead.
     */
    async refused(work: WriteWork, reason: string, now: Date): Promise<boolean> {
      const at = now.toISOString();
      const [marked] = await db.batch([
        sql`UPDATE calendar_writes SET claimed_until = NULL, attempts = ${work.attempts + 1},
            last_error = ${reason}, failed_at = ${at}
          WHERE lead_id = ${work.leadId} AND requested_at = ${work.requestedAt}`,
        sql`UPDATE calendar_writes SET claimed_until = NULL, attempts = 0, last_error = NULL,
            next_attempt_at = ${at}, failed_at = NULL
          WHERE lead_id = ${work.leadId} AND requested_at <> ${work.requestedAt}`,
      ]);
      return marked === 1;
    },

    /** The lead's write not yet in the calendar, if any. */
    async pending(leadId: number): Promise<PendingWrite | null> {
      const [row] = await db.all<PendingWrite>(
        sql`SELECT requested_at AS since, attempts, last_error AS reason, next_attempt_at AS nextAttemptAt,
            failed_at AS failedAt
          FROM calendar_writes WHERE lead_id = ${leadId}`,
      );
      return row ?? null;
    },
  };
}

export type CalendarWritesRepository = ReturnType<typeof createCalendarWritesRepository>;
