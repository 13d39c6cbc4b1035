import type { Config } from '../../platform/config/loadConfig';
import type { RetryTuning } from '../../platform/http/retryPolicy';
import { createGoogleAuth } from '../../platform/google/googleAuth';
import type { EventWriter } from './eventWriter';
import { createCaldavEventWriter } from './caldav/caldavEventWriter';
import { createGoogleEventWriter } from './google/googleEventWriter';
import { createGraphEventWriter } from './microsoft/graphEventWriter';
import { writeBackMode } from './writeBackMode';

/** The writer of the configured calendar's events; null unless write-back is on. */
export function createEventWriter(config: Config, retry?: RetryTuning): EventWriter | null {
  if (writeBackMode(config.calendar) !== 'on') return null;
  const { auditors } = config;
  switch (config.calendar.source) {
    case 'caldav':
      return createCaldavEventWriter({
        ...config.caldav!,
        defaultZone: config.calendar.timeZone,
        auditors,
        limits: config.calendarLimits,
        retry,
      });
    case 'google':
      return createGoogleEventWriter({
        auth: createGoogleAuth(config.google, true),
        calendarId: config.calendar.googleCalendarId,
        rootUrl: config.google.apiRoot,
        auditors,
        retry,
      });
    case 'microsoft':
      return createGraphEventWriter({ ...config.microsoft!, auditors, retry });
    case 'ics':
      return null;
  }
}
