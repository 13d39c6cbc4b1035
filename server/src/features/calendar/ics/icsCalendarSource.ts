import path from 'node:path';
import type { SyncRange } from '@auditdesk/shared/core';
import type { CalendarSource } from '../calendarEvent';
import { errorReason } from '../../../platform/http/errorReason';
import { DEFAULT_CALENDAR_LIMITS, type CalendarLimits } from '../../../platform/config/calendarLimits';
import { CalendarFileError } from './readIcsEvents';
import { icsFileFingerprint, icsTextFingerprint } from './icsFile';
import { readIcsOffThread } from './offThread/readIcsOffThread';
import type { IcsReadJob } from './offThread/readIcsDocuments';

const FETCH_TIMEOUT_MS = 30_000;

const isUrl = (location: string) => /^https?:\/\//i.test(location);

/**
 * How people see the calendar: its kind and host, or a file's name. A private ICS address
 * is a bearer secret (it reads the whole calendar and outlives the user who shared it), and
 * a file's folder is the server's business: neither reaches the history, the hub or the bell.
 */
export function describeIcsLocation(location: string): string {
  return isUrl(location)
    ? `ICS calendar at ${new URL(location).host}`
    : `calendar file ${path.basename(location)}`;
}

/** An http(s) calendar's body (a file is read by the reader thread itself). */
async function fetchText(location: string): Promise<string> {
  const name = describeIcsLocation(location);
  let response: Response;
  try {
    response = await fetch(location, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (error) {
    const reason = errorReason(error).split(location).join(new URL(location).host);
    throw new CalendarFileError(`The ${name} could not be fetched: ${reason}`, { cause: error });
  }
  if (!response.ok) throw new CalendarFileError(`The ${name} could not be fetched: HTTP ${response.status}`);
  return response.text();
}

/**
 * An ICS calendar from a file or an http(s) URL, read afresh for every run. A file is read
 * by the reader thread from its path, a chunk at a time: no thread holds it whole.
 */
export function createIcsCalendarSource(
  location: string,
  defaultZone: string,
  limits: CalendarLimits = DEFAULT_CALENDAR_LIMITS,
): CalendarSource {
  const name = describeIcsLocation(location);
  const readJob = (content: { text: string } | { path: string }, range: SyncRange): IcsReadJob => ({
    documents: [{ ...content, name }],
    range,
    defaultZone,
    limits,
    unreadable: 'fail',
  });
  const content = async () => (isUrl(location) ? { text: await fetchText(location) } : { path: location });
  return {
    description: name,
    async events(range, _onWait, onEvents) {
      return readIcsOffThread(readJob(await content(), range), onEvents);
    },
    async snapshot(range) {
      let read: { text: string } | { path: string } | null;
      let fingerprint: string;
      if (isUrl(location)) {
        const text = await fetchText(location);
        fingerprint = icsTextFingerprint(text, defaultZone);
        read = { text };
      } else {
        // the read's own fingerprint (of what it read) is in its result: the file may change meanwhile
        fingerprint = await icsFileFingerprint(location, name, defaultZone);
        read = { path: location };
      }
      return {
        fingerprint,
        read: (onEvents) => {
          if (read === null) throw new Error('A calendar snapshot is read once.');
          const job = readJob(read, range);
          // the reader thread has its own copy of a body: this one is not held while the run goes on
          read = null;
          return readIcsOffThread(job, onEvents);
        },
      };
    },
  };
}
