import type { EventProblem, SyncRange } from '@auditdesk/shared/core';
import type { WaitListener } from '../../platform/http/retryingFetch';

/** An event the source could not read; the run reports it and goes on. */
export type { EventProblem } from '@auditdesk/shared/core';

export type { EventRef } from '../leads/record/eventRef';
import type { EventRef } from '../leads/record/eventRef';

/** One appointment as any calendar source hands it to the parser. */
export interface CalendarEvent {
  /** UID, or UID_<original start in UTC> for one instance of a recurring series. */
  leadId: string;
  summary: string;
  /** Plain text: ICS escapes undone, HTML already turned to text. */
  description: string;
  /** The event's URL (ICS) or htmlLink (Google). */
  url: string;
  /** Where the visit is: LOCATION (ICS), location (Google), location.displayName (Graph). */
  location: string;
  /** The start as an instant; an all-day event starts at 00:00 UTC of its date. */
  start: Date;
  /** DTEND, or DTSTART + DURATION (Google and Graph: end); null when the event has neither. */
  end: Date | null;
  allDay: boolean;
  cancelled: boolean;
  /** One instance of an ICS series: its original start in UTC (`20250304T140000Z`). */
  instance?: string;
  /** Sources that can be written say where the event is. */
  ref?: EventRef;
}

export interface CalendarReadResult {
  events: CalendarEvent[];
  problems: EventProblem[];
  /**
   * The fingerprint (see CalendarSnapshot) of the very content these events were read from,
   * when the reader computed it as it read (a calendar file).
   */
  fingerprint?: string;
}

/**
 * Hears a read's events in order as they are read, a batch at a time, while the rest is still
 * being read; the read's result then holds none of them. A source that cannot hand them on
 * early ignores it and answers them all in its result.
 */
export type EventsListener = (events: CalendarEvent[]) => void;

/** The calendar as it is at one moment: its fingerprint, and that very content read as events. */
export interface CalendarSnapshot {
  /** Changes whenever the content (or how it is read) changes. */
  fingerprint: string;
  /** Read once: what it holds of the calendar is let go as it is read. */
  read(onEvents?: EventsListener): Promise<CalendarReadResult>;
}

export interface CalendarSource {
  /** A short name for messages ("calendar file demo.ics", "Google Calendar primary"). */
  readonly description: string;
  /** `onWait` hears each wait for a busy remote calendar, for the progress message. */
  events(range: SyncRange, onWait?: WaitListener, onEvents?: EventsListener): Promise<CalendarReadResult>;
  /**
   * Sources that can fingerprint their raw content cheaply (a file, a URL) offer it before
   * parsing, so a re-run of an unchanged calendar costs a read and a hash.
   */
  snapshot?(range: SyncRange): Promise<CalendarSnapshot>;
}

/** The instants the range covers: from 00:00 UTC of the start day to the end of the end day. */
export function rangeBounds({ startDate, endDate }: SyncRange): { from: number; to: number } {
  return { from: Date.parse(`${startDate}T00:00:00.000Z`), to: Date.parse(`${endDate}T23:59:59.999Z`) };
}

/** `2025-03-04T14:00:00.000Z` → `20250304T140000Z`, the leadId suffix of a recurring instance. */
export function basicUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}
