import type { SyncRange } from '@auditdesk/shared/core';
import type { CalendarEvent, CalendarReadResult, EventProblem, EventsListener } from '../../calendarEvent';
import { CalendarLimitError, type CalendarLimits } from '../../../../platform/config/calendarLimits';
import { tooManyEvents } from '../rfc5545/limitMessages';
import { readIcsFile } from '../icsFile';
import { readIcsEvents, readIcsPieces } from '../readIcsEvents';

/**
 * One ICS text, or a calendar file the thread reads itself (so that no thread holds it
 * whole), and what to call it when it cannot be read (a CalDAV object's href).
 */
export type IcsDocument = ({ text: string } | { path: string }) & {
  name: string;
  /** A CalDAV object's URL and ETag: its events can be written back there. */
  object?: { url: string; etag: string | null };
};

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

/**
 * Reads every document of a calendar as one run: the run's limits hold across all of them.
 * With `onEvents`, a calendar that fails whole when a document cannot be read hands its
 * events on as they are read (see readIcsEvents); one whose documents are reported and
 * skipped hands on each document's events once it was read through.
 */
export function readIcsDocuments(
  { documents, range, defaultZone, limits, unreadable }: IcsReadJob,
  onEvents?: EventsListener,
): CalendarReadResult {
  const events: CalendarEvent[] = [];
  const problems: EventProblem[] = [];
  let fingerprint: string | undefined;
  let count = 0;
  for (const document of documents) {
    const { object } = document;
    const take = (read: CalendarEvent[]) => {
      const taken: CalendarEvent[] = onEvents ? [] : events;
      for (const event of read) {
        if (count >= limits.eventsPerRun)
          throw tooManyEvents({ uid: event.leadId, summary: event.summary }, limits.eventsPerRun);
        count += 1;
        taken.push(
          object
            ? { ...event, ref: { id: object.url, etag: object.etag, instance: event.instance ?? null } }
            : event,
        );
      }
      if (onEvents && taken.length > 0) onEvents(taken);
    };
    try {
      const early = onEvents && unreadable === 'fail' ? take : undefined;
      const read =
        'path' in document
          ? readIcsFile(document.path, document.name, defaultZone, (pieces) =>
              readIcsPieces(pieces, range, defaultZone, limits, early),
            )
          : readIcsEvents(document.text, range, defaultZone, limits, early);
      fingerprint ??= read.fingerprint;
      take(read.events);
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
  return fingerprint === undefined ? { events, problems } : { events, problems, fingerprint };
}
