import type { SyncRange } from '@auditdesk/shared/core';
import type { CalendarEvent, CalendarReadResult, EventProblem } from '../calendarEvent';
import { CalendarLimitError, type CalendarLimits } from '../../../../platform/config/calendarLimits';
import { tooManyEvents } from '../ics/limitMessages';
import { readIcsEvents } from '../readIcsEvents';

/** One ICS text, and what to call it when it cannot be read (a CalDAV object's href). */
export interface IcsDocument {
  text: string;
  name: string;
  /** A CalDAV object's URL and ETag: its events can be written back there. */
  object?: { url: string; etag: string | null };
}

export interface IcsReadJob {
  documents: IcsDocument[];
  range: SyncRange;
  defaultZone: string;
  limits: CalendarLimits;
  /**
   * 'fail': a document that cannot be read fails the run (a calendar file);
   * 'report': it is reported and skipped (one object of a CalDAV collection).
   */
  unreadable: 'fail' | 'report';
}

/** Reads every document of a calendar as one run: the run's limits hold across all of them. */
export function readIcsDocuments({
  documents,
  range,
  defaultZone,
  limits,
  unreadable,
}: IcsReadJob): CalendarReadResult {
  const events: CalendarEvent[] = [];
  const problems: EventProblem[] = [];
  for (const document of documents) {
    try {
      const read = readIcsEvents(document.text, range, defaultZone, limits);
      for (const event of read.events) {
        if (events.length >= limits.eventsPerRun)
          throw tooManyEvents({ uid: event.leadId, summary: event.summary }, limits.eventsPerRun);
        const { object } = document;
        events.push(
          object
            ? { ...event, ref: { id: object.url, etag: object.etag, instance: event.instance ?? null } }
            : event,
        );
      }
      problems.push(...read.problems);
    } catch (error) {
      if (error instanceof CalendarLimitError || unreadable === 'fail') throw error;
      problems.push({
        uid: document.name,
        summary: '',
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return { events, problems };
}
