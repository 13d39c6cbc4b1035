import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { CalendarSource } from './calendarEvent';
import { DEFAULT_CALENDAR_LIMITS, type CalendarLimits } from './calendarLimits';
import { CalendarFileError, readIcsEvents } from './readIcsEvents';

const FETCH_TIMEOUT_MS = 30_000;

async function readText(location: string): Promise<string> {
  if (/^https?:\/\//i.test(location)) {
    let response: Response;
    try {
      response = await fetch(location, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    } catch (error) {
      throw new CalendarFileError(
        `The calendar at ${location} could not be fetched: ${error instanceof Error ? error.message : error}`,
      );
    }
    if (!response.ok)
      throw new CalendarFileError(
        `The calendar at ${location} could not be fetched: HTTP ${response.status}`,
      );
    return response.text();
  }
  try {
    return await fs.readFile(location, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(error);
    throw new CalendarFileError(`The calendar file ${location} could not be opened: ${reason}`);
  }
}

/** An ICS calendar from a file or an http(s) URL, read afresh for every run. */
export function createIcsCalendarSource(
  location: string,
  defaultZone: string,
  limits: CalendarLimits = DEFAULT_CALENDAR_LIMITS,
): CalendarSource {
  const name = /^https?:/i.test(location) ? location : path.basename(location);
  return {
    description: `calendar ${name}`,
    async events(range) {
      return readIcsEvents(await readText(location), range, defaultZone, limits);
    },
    async snapshot(range) {
      const text = await readText(location);
      const fingerprint = createHash('sha256')
        .update(defaultZone)
        .update('\n')
        .update(text)
        .digest('base64url');
      return { fingerprint, read: () => readIcsEvents(text, range, defaultZone, limits) };
    },
  };
}
