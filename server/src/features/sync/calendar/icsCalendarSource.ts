import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { SyncRange } from '@auditdesk/shared/core';
import type { CalendarSource } from './calendarEvent';
import { fileErrorReason } from '../../../platform/files/fileErrorReason';
import { errorReason } from '../../../platform/http/errorReason';
import { DEFAULT_CALENDAR_LIMITS, type CalendarLimits } from '../../../platform/config/calendarLimits';
import { CalendarFileError } from './readIcsEvents';
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

async function readText(location: string): Promise<string> {
  const name = describeIcsLocation(location);
  if (isUrl(location)) {
    let response: Response;
    try {
      response = await fetch(location, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    } catch (error) {
      const reason = errorReason(error).split(location).join(new URL(location).host);
      throw new CalendarFileError(`The ${name} could not be fetched: ${reason}`, { cause: error });
    }
    if (!response.ok)
      throw new CalendarFileError(`The ${name} could not be fetched: HTTP ${response.status}`);
    return response.text();
  }
  try {
    return await fs.readFile(location, 'utf8');
  } catch (error) {
    throw new CalendarFileError(`The ${name} could not be opened: ${fileErrorReason(error)}`, {
      cause: error,
    });
  }
}

/** An ICS calendar from a file or an http(s) URL, read afresh for every run. */
export function createIcsCalendarSource(
  location: string,
  defaultZone: string,
  limits: CalendarLimits = DEFAULT_CALENDAR_LIMITS,
): CalendarSource {
  const readJob = (text: string, range: SyncRange): IcsReadJob => ({
    documents: [{ text, name: describeIcsLocation(location) }],
    range,
    defaultZone,
    limits,
    unreadable: 'fail',
  });
  return {
    description: describeIcsLocation(location),
    async events(range, _onWait, onEvents) {
      return readIcsOffThread(readJob(await readText(location), range), onEvents);
    },
    async snapshot(range) {
      let text: string | null = await readText(location);
      const fingerprint = createHash('sha256')
        .update(defaultZone)
        .update('\n')
        .update(text)
        .digest('base64url');
      return {
        fingerprint,
        read: (onEvents) => {
          if (text === null) throw new Error('A calendar snapshot is read once.');
          const job = readJob(text, range);
          // the reader thread has its own copy: this one is not held while the run goes on
          text = null;
          return readIcsOffThread(job, onEvents);
        },
      };
    },
  };
}
