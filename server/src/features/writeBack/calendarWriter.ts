import type { FastifyBaseLogger } from 'fastify';
import { errorReason } from '../../platform/http/errorReason';
import type { RetryPolicy } from '../../platform/http/retryPolicy';
import { createOutboxWorker, OUTBOX_CLAIM_MS, type OutboxTimings } from '../../platform/outbox/outboxWorker';
import type { OfficeField } from '../leads/office/officeValueStatements';
import type { CalendarWritesRepository, WriteWork } from '../leads/calendarWrites/calendarWritesRepository';
import { WRITABLE_FIELDS, type OfficeChanges } from '../calendar/eventFormat/eventEdit';
import { WriteRefused, type EventWriter } from '../calendar/eventWriter';

/**
 * Between attempts of a write that did not reach the calendar: 30 s, 1, 2, 4 … minutes, then
 * hourly, for as long as it takes (the office value is kept meanwhile; nothing is given up).
 * A write the calendar refuses for what it holds (400, 413…) is not tried again at all.
 */
export const WRITE_RETRY_POLICY: RetryPolicy = {
  maxAttempts: Number.POSITIVE_INFINITY,
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
};

/** How often the table is looked at for writes due again (retries, a lead reviewed, a restart). */
const POLL_MS = 15_000;

export interface CalendarWriterOptions extends OutboxTimings {
  writes: CalendarWritesRepository;
  writer: EventWriter;
  log: FastifyBaseLogger;
  /** Tells those who edit leads that the calendar refused a write for good (the bell). */
  announceRefusal?: (lead: { leadId: string; customerName: string }, reason: string) => Promise<void>;
}

/** The instants around the lead's start, as the calendar and the office say it. */
function aroundOf(work: WriteWork): Date[] {
  const starts = work.officeValues
    .filter((value) => value.field === 'scheduledDate')
    .flatMap((value) => [value.officeValue, value.calendarValue]);
  return [work.event?.scheduledDate ?? null, ...starts]
    .filter((value): value is string => Boolean(value))
    .map((value) => new Date(value));
}

/**
 * The background worker that writes office edits to the calendar (CALENDAR_WRITE_BACK=on):
 * each stored write is claimed by one instance at a time, written with If-Match on the
 * event's ETag, and its outcome applied (written; changed in the calendar meanwhile, a
 * conflict; not reached, tried again with growing pauses, across restarts; refused for what
 * it holds, failed and announced, never tried again by itself).
 */
export function createCalendarWriter({
  writes,
  writer,
  log,
  announceRefusal = async () => {},
  ...timings
}: CalendarWriterOptions) {
  const worker = createOutboxWorker({
    due: (at, limit) => writes.due(at, limit),
    attempt,
    failure: 'calendar writes could not be made now',
    log,
    timings,
    defaults: { policy: WRITE_RETRY_POLICY, pollMs: POLL_MS },
  });
  const { now, retryAt } = worker;

  async function attempt(leadId: number): Promise<void> {
    const work = await writes.claim(leadId, now(), OUTBOX_CLAIM_MS);
    if (!work) return; // another instance has it, or it is done
    const writable = work.officeValues.filter((value) => WRITABLE_FIELDS.includes(value.field));
    if (!work.event || writable.length === 0) {
      await writes.drop(work, now());
      return;
    }
    const changes: OfficeChanges = Object.fromEntries(
      writable.map((value) => [value.field, value.officeValue]),
    );
    const fields = writable.map((value) => value.field as OfficeField);
    const target = { leadId: work.event.leadId, ref: work.event.ref, around: aroundOf(work) };
    let outcome;
    try {
      outcome = await writer.write(target, changes);
    } catch (error) {
      // the shared retries tell a person starting a run to try again later: this write is tried again by itself
      const reason = errorReason(error).replace(/; gave up, try again later$/, '');
      if (error instanceof WriteRefused && error.permanent) {
        // the same values would be refused again: failed, on the lead and in the bell, until a new edit
        if (await writes.refused(work, reason, now())) {
          log.warn({ leadId, reason }, 'calendar write refused by the calendar; not tried again');
          await announceRefusal(work.event, reason).catch((failure: unknown) =>
            log.error({ err: failure, leadId }, 'calendar write refusal not announced'),
          );
        }
        return;
      }
      await writes.failed(work, reason, retryAt(work.attempts + 1));
      log.warn({ leadId, attempts: work.attempts + 1, reason }, 'calendar write not made; tried again later');
      return;
    }
    if (outcome.kind === 'written') {
      await writes.written(work, fields, outcome.record, outcome.etag, now());
      log.info({ leadId, fields }, 'office values written to the calendar');
    } else if (!outcome.record) {
      await writes.failed(work, 'the event is no longer in the calendar', retryAt(work.attempts + 1));
    } else {
      // the first refusal is tried again at once with the new ETag (unless a conflict holds it)
      await writes.changedInCalendar(
        work,
        outcome.record,
        outcome.etag,
        work.attempts === 0 ? now() : retryAt(work.attempts),
        now(),
      );
      log.info({ leadId }, 'calendar write refused: the event changed in the calendar meanwhile');
    }
  }

  return {
    /** Makes the writes that are due now. */
    writeDue: worker.runDue,
    /** An edit asked for a write: made soon, without the person waiting for the calendar. */
    requested: worker.nudge,
    /** Writes what is due now and every little while (writes left by a restart, retries). */
    start: worker.start,
    stop: worker.stop,
  };
}

export type CalendarWriter = ReturnType<typeof createCalendarWriter>;
