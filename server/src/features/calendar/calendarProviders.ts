import type { WriteBackMode } from '@auditdesk/shared/core';
import type { Config } from '../../platform/config/loadConfig';
import { createGoogleAuth, type GoogleAuthClient } from '../../platform/google/googleAuth';
import type { RetryTuning } from '../../platform/http/retryPolicy';
import { createCaldavCalendarSource } from './caldav/caldavCalendarSource';
import { createCaldavEventWriter } from './caldav/caldavEventWriter';
import type { CalendarSource } from './calendarEvent';
import type { EventWriter } from './eventWriter';
import { createGoogleCalendarSource } from './google/googleCalendarSource';
import { createGoogleEventWriter } from './google/googleEventWriter';
import { createIcsCalendarSource } from './ics/icsCalendarSource';
import { createGraphEventWriter } from './microsoft/graphEventWriter';
import { createMicrosoftGraphSource } from './microsoft/microsoftGraphSource';

type CalendarSettings = Pick<
  Config,
  'calendar' | 'caldav' | 'microsoft' | 'google' | 'auditors' | 'calendarLimits'
>;
export type CalendarProviderName = Config['calendar']['source'];

interface CalendarProvider {
  /** Reads the events of the configured calendar; `google`: the sign-in shared with Google Sheets. */
  reader(config: CalendarSettings, google: () => GoogleAuthClient): CalendarSource;
  /** Writes office values into its events; null: nothing can write this calendar. */
  writer: ((config: CalendarSettings, retry?: RetryTuning) => EventWriter) | null;
}

/** Each calendar CALENDAR_SOURCE can name: its reader and its writer. */
const PROVIDERS: Record<CalendarProviderName, CalendarProvider> = {
  ics: {
    reader: (config) =>
      createIcsCalendarSource(config.calendar.ics, config.calendar.timeZone, config.calendarLimits),
    // an ICS file or URL is read-only
    writer: null,
  },
  caldav: {
    reader: (config) =>
      createCaldavCalendarSource({
        ...config.caldav!,
        defaultZone: config.calendar.timeZone,
        limits: config.calendarLimits,
      }),
    writer: (config, retry) =>
      createCaldavEventWriter({
        ...config.caldav!,
        defaultZone: config.calendar.timeZone,
        auditors: config.auditors,
        limits: config.calendarLimits,
        retry,
      }),
  },
  google: {
    reader: (config, google) =>
      createGoogleCalendarSource({
        auth: google(),
        calendarId: config.calendar.googleCalendarId,
        rootUrl: config.google.apiRoot,
      }),
    writer: (config, retry) =>
      createGoogleEventWriter({
        // writing events needs more scopes than reading them
        auth: createGoogleAuth(config.google, true),
        calendarId: config.calendar.googleCalendarId,
        rootUrl: config.google.apiRoot,
        auditors: config.auditors,
        retry,
      }),
  },
  microsoft: {
    reader: (config) => createMicrosoftGraphSource(config.microsoft!),
    writer: (config, retry) =>
      createGraphEventWriter({ ...config.microsoft!, auditors: config.auditors, retry }),
  },
};

/** The configured calendar's reader. */
export function createCalendarSource(
  config: CalendarSettings,
  google: () => GoogleAuthClient = () => createGoogleAuth(config.google),
): CalendarSource {
  return PROVIDERS[config.calendar.source].reader(config, google);
}

/**
 * Whether office edits reach the calendar: 'on' (CALENDAR_WRITE_BACK=on and a calendar that
 * can be written), 'off', or 'read-only source' (a calendar nothing can write: an ICS file or URL).
 */
export function writeBackMode(calendar: Pick<Config['calendar'], 'source' | 'writeBack'>): WriteBackMode {
  if (!PROVIDERS[calendar.source].writer) return 'read-only source';
  return calendar.writeBack ? 'on' : 'off';
}

/** The writer of the configured calendar's events; null unless write-back is on. */
export function createEventWriter(config: CalendarSettings, retry?: RetryTuning): EventWriter | null {
  const { writer } = PROVIDERS[config.calendar.source];
  return writer && writeBackMode(config.calendar) === 'on' ? writer(config, retry) : null;
}
