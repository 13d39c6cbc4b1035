import {
  calendarQuery,
  createAccount,
  getBasicAuthHeaders,
  propfind,
  type DAVAccount,
  type DAVResponse,
} from 'tsdav';
import { errorReason } from '../../../platform/http/errorReason';
import { createRetryingFetch } from '../../../platform/http/retryingFetch';
import type { RetryTuning } from '../../../platform/http/retryPolicy';
import { rangeBounds, type CalendarSource, type EventProblem } from '../calendarEvent';
import { chooseCaldavCalendar, type CaldavCalendar } from './caldavCalendarChoice';
import { fetchWithinOrigins } from './caldavOrigins';
import { DEFAULT_CALENDAR_LIMITS, type CalendarLimits } from '../../../platform/config/calendarLimits';
import type { IcsDocument } from '../ics/offThread/readIcsDocuments';
import { readIcsOffThread } from '../ics/offThread/readIcsOffThread';
import { CalendarFileError } from '../ics/readIcsEvents';

/**
 * The time-range asked of the server is a day wider on each side than the run's range:
 * floating and all-day times are read in the calendar's zone here, while a server may
 * read them in UTC. The ICS reader keeps exactly the events that start inside.
 */
const QUERY_MARGIN_MS = 24 * 3600 * 1000;

/** `20250301T000000Z`, CalDAV's time-range format (RFC 4791 9.9). */
const caldavTime = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.message.startsWith('Invalid credentials'))
    return 'the server refused the user name or password (HTTP 401)';
  return errorReason(error);
}

const failWith = (prefix: string) => (error: unknown) => {
  if (error instanceof CalendarFileError) throw error;
  throw new CalendarFileError(`${prefix}: ${reasonOf(error)}`);
};

function calendarDataOf(object: DAVResponse): string | null {
  const data = (object.props as Record<string, unknown> | undefined)?.calendarData as
    string | { _cdata?: string; _text?: string } | undefined;
  if (typeof data === 'string') return data;
  return data?._cdata ?? data?._text ?? null;
}

function etagOf(object: DAVResponse): string | null {
  const etag = (object.props as Record<string, unknown> | undefined)?.getetag;
  return typeof etag === 'string' || typeof etag === 'number' ? String(etag) : null;
}

const componentNames = (set: unknown): string[] =>
  (Array.isArray(set) ? set : set ? [set] : [])
    .map((component: { _attributes?: { name?: string } }) => component?._attributes?.name)
    .filter((name): name is string => typeof name === 'string');

/**
 * The calendars in the account's calendar home that can hold events: one PROPFIND
 * (tsdav's fetchCalendars adds a request per calendar for its report set).
 */
async function listEventCalendars(
  account: DAVAccount,
  headers: Record<string, string>,
  fetch: typeof globalThis.fetch,
): Promise<CaldavCalendar[]> {
  const responses = await propfind({
    url: account.homeUrl!,
    props: { 'd:displayname': {}, 'd:resourcetype': {}, 'c:supported-calendar-component-set': {} },
    depth: '1',
    headers,
    fetch,
  });
  const failed = responses.find((response) => !response.ok);
  if (failed) throw new Error(`listing the calendars answered HTTP ${failed.status} ${failed.statusText}`);
  return responses
    .filter((response) => Object.keys(response.props?.resourcetype ?? {}).includes('calendar'))
    .filter((response) => {
      const components = componentNames(response.props?.supportedCalendarComponentSet?.comp);
      return components.length === 0 || components.includes('VEVENT');
    })
    .map((response) => ({
      url: new URL(response.href ?? '', account.homeUrl).href,
      displayName: String(response.props?.displayname?._cdata ?? response.props?.displayname ?? ''),
    }));
}

/**
 * A CalDAV calendar (Nextcloud, Fastmail, iCloud, Radicale…) through tsdav: the account is
 * discovered from its URL (well-known, principal, calendar home, calendars), then one
 * calendar-query REPORT with a time-range filter fetches the objects of the range, and each
 * goes through the same ICS reader as a calendar file (series, overrides, cancellations,
 * zones). An object that cannot be read is reported and skipped.
 */
export function createCaldavCalendarSource({
  url,
  username,
  password,
  calendar: wanted,
  defaultZone,
  retry,
  limits = DEFAULT_CALENDAR_LIMITS,
  allowedOrigins = [],
}: {
  url: string;
  username: string;
  password: string;
  calendar?: string;
  defaultZone: string;
  retry?: RetryTuning;
  limits?: CalendarLimits;
  /** Origins besides the URL's own that may receive the credentials. */
  allowedOrigins?: readonly string[];
}): CalendarSource {
  const host = new URL(url).host;
  const headers = getBasicAuthHeaders({ username, password });
  return {
    description: wanted ? `CalDAV calendar "${wanted}" at ${host}` : `CalDAV calendar at ${host}`,
    async events(range, onWait) {
      const fetch = fetchWithinOrigins(
        createRetryingFetch({ service: `The CalDAV server ${host}`, onWait, ...retry }),
        url,
        allowedOrigins,
      );
      const account: DAVAccount = await createAccount({
        account: { serverUrl: url, accountType: 'caldav', credentials: { username, password } },
        headers,
        fetch,
      }).catch(failWith(`The CalDAV account at ${host} could not be opened`));
      const calendars = await listEventCalendars(account, headers, fetch).catch(
        failWith(`The calendars of the CalDAV account at ${host} could not be listed`),
      );
      const calendar = chooseCaldavCalendar(calendars, wanted, url);

      const { from, to } = rangeBounds(range);
      const objects = await calendarQuery({
        url: calendar.url,
        props: { 'd:getetag': {}, 'c:calendar-data': {} },
        filters: {
          'comp-filter': {
            _attributes: { name: 'VCALENDAR' },
            'comp-filter': {
              _attributes: { name: 'VEVENT' },
              'time-range': {
                _attributes: {
                  start: caldavTime(from - QUERY_MARGIN_MS),
                  end: caldavTime(to + 1 + QUERY_MARGIN_MS),
                },
              },
            },
          },
        },
        depth: '1',
        headers,
        fetch,
      }).catch(
        failWith(
          `The CalDAV calendar "${calendar.displayName || new URL(calendar.url).pathname.split('/').filter(Boolean).at(-1)}" at ${host} could not be read`,
        ),
      );

      const documents: IcsDocument[] = [];
      const unsent: EventProblem[] = [];
      for (const object of objects) {
        const data = calendarDataOf(object);
        if (data === null)
          unsent.push({ uid: object.href ?? '', summary: '', message: 'the server sent no calendar data' });
        else
          documents.push({
            text: data,
            name: object.href ?? '',
            object: { url: new URL(object.href ?? '', calendar.url).href, etag: etagOf(object) },
          });
      }
      const { events, problems } = await readIcsOffThread({
        documents,
        range,
        defaultZone,
        limits,
        unreadable: 'report',
      });
      return { events, problems: [...unsent, ...problems] };
    },
  };
}
