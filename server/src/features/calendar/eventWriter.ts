import type { EventRef } from './calendarEvent';
import type { LeadRecord } from '../leads/record/leadRecord';
import type { OfficeChanges } from './eventFormat/eventEdit';

/** One lead's event to write: where it is, and the instants around it (to read it back). */
export interface WriteTarget {
  /** The lead's leadId: the event (or instance) read back is found by it. */
  leadId: string;
  /** The ETag in it is the one the sync last read: the write's If-Match. */
  ref: EventRef;
  /** The lead's start as the calendar and as the office say (a write may move it). */
  around: Date[];
}

export type WriteOutcome =
  /** The event now says what the office says: as read back after the write, with its new ETag. */
  | { kind: 'written'; etag: string | null; record: LeadRecord }
  /**
   * 412: the event changed in the calendar since the last sync; nothing was written. The event
   * as it is now (null: it is gone), with its ETag.
   */
  | { kind: 'changed'; etag: string | null; record: LeadRecord | null };

/**
 * Writes the office's values into one event of a calendar that can be written. A write that
 * did not happen (network, busy after the retries, refused) throws, with a reason a person reads.
 */
export interface EventWriter {
  /** "CalDAV server cal.example.com", "Google Calendar", "Microsoft 365": for messages. */
  readonly description: string;
  write(target: WriteTarget, changes: OfficeChanges): Promise<WriteOutcome>;
}

/** The range of days to read an event back in: around its instants, a day wider on each side. */
export function rangeAround(instants: Date[]): { startDate: string; endDate: string } {
  const known = instants.map((instant) => instant.getTime()).filter((time) => Number.isFinite(time));
  const times = known.length > 0 ? known : [Date.now()];
  const day = 24 * 3600 * 1000;
  const from = Math.min(...times) - 2 * day;
  const to = Math.max(...times) + 2 * day;
  return {
    startDate: new Date(from).toISOString().slice(0, 10),
    endDate: new Date(to).toISOString().slice(0, 10),
  };
}

/**
 * The answers that refuse what was sent rather than the moment (a bad request, too large, a
 * format or a content the calendar does not take): the same write would get the same answer.
 * 401, 403 (Google's rate limits are 403s), 404, 409 and the 5xx may pass; they are tried again.
 */
const PERMANENT_REFUSALS = new Set([400, 413, 415, 422]);

/**
 * "HTTP 403 Forbidden: …", what a refused write says; `status`: the calendar's answer, when
 * one refused it. `permanent` when that answer refuses the write itself: it is not tried again.
 */
export class WriteRefused extends Error {
  override name = 'WriteRefused';
  readonly permanent: boolean;
  constructor(message: string, status?: number) {
    super(message);
    this.permanent = status !== undefined && PERMANENT_REFUSALS.has(status);
  }
}
