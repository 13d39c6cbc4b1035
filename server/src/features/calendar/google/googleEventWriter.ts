import { calendar, type calendar_v3 } from '@googleapis/calendar';
import type { RetryTuning } from '../../../platform/http/retryPolicy';
import { fromGoogleEvent } from './googleCalendarSource';
import type { GoogleAuthClient } from '../../../platform/google/googleAuth';
import { googleErrorMessage, googleRequestOptions } from '../../../platform/google/googleRequests';
import { htmlToText } from '../eventFormat/htmlToText';
import { parseEvent } from '../eventFormat/parseEvent';
import { daysBetweenDates, descriptionAfter, eventEditOf, summaryAfter, timesOf } from '../eventFormat/eventEdit';
import { WriteRefused, type EventWriter } from '../eventWriter';

const statusOf = (error: unknown) => (error as { response?: { status?: number } }).response?.status;

/**
 * An instant as Google's time: a date for an all-day event, else a date-time in the zone of
 * `like` (the event's time); the other form cleared, for a patch that turns one into the other.
 */
function timeLike(
  instant: Date,
  allDay: boolean,
  like: calendar_v3.Schema$EventDateTime | undefined,
): calendar_v3.Schema$EventDateTime {
  if (allDay) return { date: instant.toISOString().slice(0, 10), dateTime: null };
  return {
    dateTime: instant.toISOString(),
    date: null,
    ...(like?.timeZone ? { timeZone: like.timeZone } : {}),
  };
}

/**
 * Writes to Google Calendar (API v3): events.get of the event (or of the one instance, which
 * has its own id: a patch of it is that instance's exception), then events.patch of what
 * changed with `If-Match: <etag as last synced>`. Google's `status: "cancelled"` deletes an
 * event, so a cancellation is the `Cancelled: ` marker in the summary (event-format.md).
 */
export function createGoogleEventWriter({
  auth,
  calendarId,
  rootUrl,
  auditors,
  retry,
}: {
  auth: GoogleAuthClient;
  calendarId: string;
  rootUrl?: string;
  auditors: readonly string[];
  retry?: RetryTuning;
}): EventWriter {
  const api = calendar({ version: 'v3', auth, ...(rootUrl ? { rootUrl } : {}) });
  const service = 'Google Calendar';
  const refused = (error: unknown) =>
    new WriteRefused(`${service} answered ${googleErrorMessage(error)}`, statusOf(error));
  const recordOf = (event: calendar_v3.Schema$Event) => {
    const read = fromGoogleEvent(event);
    return read ? parseEvent(read, auditors) : null;
  };

  return {
    description: service,
    async write(target, changes) {
      const options = googleRequestOptions(service, undefined, retry);
      const eventId = target.ref.id;
      const read = async () => {
        try {
          return (await api.events.get({ calendarId, eventId }, options)).data;
        } catch (error) {
          if (statusOf(error) === 404 || statusOf(error) === 410) return null;
          throw refused(error);
        }
      };
      const current = await read();
      if (!current) throw new WriteRefused('the event is no longer in the calendar (HTTP 404)');

      const edit = eventEditOf(changes);
      const patch: calendar_v3.Schema$Event = {};
      const summary = summaryAfter(current.summary ?? '', edit, true);
      if (summary !== (current.summary ?? '')) patch.summary = summary;
      // a description Google keeps as HTML is written back as the plain text it reads as
      const text = htmlToText(current.description ?? '');
      const description = descriptionAfter(text, edit);
      if (description !== text) patch.description = description;
      if (edit.address !== undefined && edit.address !== (current.location ?? '').trim())
        patch.location = edit.address;
      const { allDay, end } = timesOf(edit, {
        allDay: Boolean(current.start?.date),
        days: daysBetweenDates(current.start?.date, current.end?.date),
      });
      if (edit.start) patch.start = timeLike(edit.start, allDay, current.start);
      if (end) patch.end = timeLike(end, allDay, current.end ?? current.start);

      let written: calendar_v3.Schema$Event;
      try {
        written = (
          await api.events.patch(
            { calendarId, eventId, requestBody: patch },
            { ...options, headers: { 'If-Match': target.ref.etag ?? current.etag ?? '*' } },
          )
        ).data;
      } catch (error) {
        if (statusOf(error) !== 412) throw refused(error);
        const now = await read();
        return { kind: 'changed', etag: now?.etag ?? null, record: now ? recordOf(now) : null };
      }
      const record = recordOf(written);
      if (!record) throw new WriteRefused('the event could not be read back after the write');
      return { kind: 'written', etag: written.etag ?? null, record };
    },
  };
}
