import { calendar, type calendar_v3 } from '@googleapis/calendar';
import { htmlToText } from '../eventFormat/htmlToText';
import type { RetryTuning } from '../../../platform/http/retryPolicy';
import type { GoogleAuthClient } from '../../../platform/google/googleAuth';
import { googleErrorMessage, googleRequestOptions } from '../../../platform/google/googleRequests';
import {
  basicUtc,
  rangeBounds,
  type CalendarEvent,
  type CalendarSource,
  type EventProblem,
} from '../calendarEvent';
import { readEachEvent } from '../readEachEvent';
import { CalendarFileError } from '../ics/readIcsEvents';

function startOf(
  time: calendar_v3.Schema$EventDateTime | undefined,
): { start: Date; allDay: boolean } | null {
  if (time?.dateTime) return { start: new Date(time.dateTime), allDay: false };
  if (time?.date) return { start: new Date(`${time.date}T00:00:00.000Z`), allDay: true };
  return null;
}

/** Google's event → the parser's event; instances of a series keyed by the series UID and original start. */
export function fromGoogleEvent(event: calendar_v3.Schema$Event): CalendarEvent | null {
  const start = startOf(event.start ?? undefined);
  if (!start) return null;
  const uid = event.iCalUID ?? event.id ?? '';
  const original = event.recurringEventId ? startOf(event.originalStartTime ?? undefined) : null;
  return {
    leadId: original ? `${uid}_${basicUtc(original.start)}` : uid,
    summary: (event.summary ?? '').trim(),
    description: htmlToText(event.description ?? ''),
    url: event.htmlLink ?? '',
    location: (event.location ?? '').trim(),
    start: start.start,
    end: startOf(event.end ?? undefined)?.start ?? null,
    allDay: start.allDay,
    cancelled: event.status === 'cancelled',
    ...(event.id ? { ref: { id: event.id, etag: event.etag ?? null, instance: null } } : {}),
  };
}

/** Google Calendar API v3: events.list with single events, paged to the end. */
export function createGoogleCalendarSource({
  auth,
  calendarId,
  rootUrl,
  retry,
}: {
  auth: GoogleAuthClient;
  calendarId: string;
  rootUrl?: string;
  retry?: RetryTuning;
}): CalendarSource {
  const api = calendar({ version: 'v3', auth, ...(rootUrl ? { rootUrl } : {}) });
  return {
    description: 'Google Calendar',
    async events(range, onWait) {
      const { from, to } = rangeBounds(range);
      const requestOptions = googleRequestOptions('Google Calendar', onWait, retry);
      const events: CalendarEvent[] = [];
      const problems: EventProblem[] = [];
      let pageToken: string | undefined;
      do {
        let page: calendar_v3.Schema$Events;
        try {
          // timeMin bounds the end, timeMax the start: then keep the events starting inside.
          const response = await api.events.list(
            {
              calendarId,
              timeMin: new Date(from).toISOString(),
              timeMax: new Date(to + 1).toISOString(),
              singleEvents: true,
              orderBy: 'startTime',
              maxResults: 2500,
              pageToken,
            },
            requestOptions,
          );
          page = response.data;
        } catch (error) {
          throw new CalendarFileError(
            `Google Calendar ${calendarId} could not be read: ${googleErrorMessage(error)}`,
          );
        }
        for (const item of page.items ?? []) {
          const name = { uid: item.iCalUID ?? item.id ?? '', summary: item.summary ?? '' };
          const event = readEachEvent(item, name, fromGoogleEvent, problems);
          if (event && event.start.getTime() >= from && event.start.getTime() <= to) events.push(event);
        }
        pageToken = page.nextPageToken ?? undefined;
      } while (pageToken);
      return { events, problems };
    },
  };
}
