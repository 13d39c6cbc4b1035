import type { calendar_v3 } from '@googleapis/calendar';
import { fromGoogleEvent } from '../../src/features/calendar/google/googleCalendarSource';
import { fromGraphEvent, type GraphEvent } from '../../src/features/calendar/microsoft/graphEvent';
import { parseEvent } from '../../src/features/calendar/eventFormat/parseEvent';
import type { LeadRecord } from '../../src/features/leads/record/leadRecord';
import { WriteRefused, type EventWriter, type WriteTarget } from '../../src/features/calendar/eventWriter';
import { createGoogleEventWriter } from '../../src/features/calendar/google/googleEventWriter';
import { createGraphEventWriter } from '../../src/features/calendar/microsoft/graphEventWriter';
import { testGoogleAuth } from '../../testkit/fakes/fakeGoogleApi';
import { startFakeHttpApi, type FakeAnswer, type FakeRequest } from '../../testkit/fakes/fakeHttpApi';
import { graphEvent, graphSettings } from '../../testkit/fakes/fakeMicrosoftGraph';
import { testClock } from '../../testkit/testClock';
import { writableGoogleCalendar, writableGraphCalendar } from '../../testkit/fakes/writableCalendars';

// Issue 20, part 2: write-back to Google Calendar and Microsoft 365, against their documented
// contracts (PATCH with If-Match on the event's ETag; 412 when it changed meanwhile).

const AUDITORS = ['Sam Rivera', 'Alex Chen'];
const DESCRIPTION =
  'Auditor: Sam Rivera\nHouse Type: 2 Family\nPhone: (617) 555-0142\nGate Code:  4711 \nbring the ladder';

const targetOf = (record: LeadRecord): WriteTarget => ({
  leadId: record.leadId,
  ref: record.eventRef!,
  around: [new Date(record.scheduledDate)],
});

const EDIT = {
  phoneNumber: '(617) 555-0100',
  customerName: 'Jane Q. Doe',
  address: '14 Oak Ave, Cambridge',
  status: 'Cancelled',
  scheduledDate: '2025-03-05T15:00:00.000Z',
  endDate: '2025-03-05T16:30:00.000Z',
};
/** What the lead reads as after EDIT, field by field. */
const EDITED = {
  customerName: 'Jane Q. Doe',
  address: '14 Oak Ave, Cambridge',
  phoneNumber: '(617) 555-0100',
  status: 'Cancelled',
  scheduledDate: '2025-03-05T15:00:00.000Z',
  endDate: '2025-03-05T16:30:00.000Z',
  auditor: 'Sam Rivera',
  houseType: '2 Family',
  comments: 'Gate Code: 4711\nbring the ladder',
};

/** Both remote calendars through one set of cases: how each stores, reads and refuses. */
interface Remote {
  name: string;
  start(refuse?: (request: FakeRequest) => FakeAnswer | null): Promise<{
    writer: EventWriter;
    /** The lead as the sync read it, with its event's reference. */
    synced: (id: string) => LeadRecord;
    /** The event's text fields as the remote holds them now. */
    stored: (id: string) => { summary: string; description: string; location: string; etag: string };
    change: (id: string, description: string) => void;
    patches: () => FakeRequest[];
    close: () => Promise<void>;
  }>;
  /** The one-off event's id, and one instance of a series' own id. */
  single: string;
  instance: string;
  instanceLeadId: string;
}

const google: Remote = {
  name: 'Google Calendar',
  single: 'ev1',
  instance: 'series1_20250311T150000Z',
  instanceLeadId: 'series1@google.com_20250311T150000Z',
  async start(refuse) {
    const calendar = writableGoogleCalendar(
      'primary',
      [
        {
          id: 'ev1',
          iCalUID: 'ev1@google.com',
          status: 'confirmed',
          htmlLink: 'https://www.google.com/calendar/event?eid=ev1',
          summary: 'Jane Doe',
          location: '12 Elm St, Boston',
          description: DESCRIPTION.replace(/\n/g, '<br>'),
          start: { dateTime: '2025-03-04T09:00:00-05:00', timeZone: 'America/New_York' },
          end: { dateTime: '2025-03-04T10:30:00-05:00', timeZone: 'America/New_York' },
        },
        {
          id: 'series1_20250311T150000Z',
          iCalUID: 'series1@google.com',
          recurringEventId: 'series1',
          originalStartTime: { dateTime: '2025-03-11T15:00:00Z' },
          status: 'confirmed',
          summary: 'Weekly Customer',
          description: 'Auditor: Alex Chen\nHouse Type: Single Family\nPhone: (617) 555-0300',
          start: { dateTime: '2025-03-11T15:00:00Z' },
          end: { dateTime: '2025-03-11T16:00:00Z' },
        },
      ],
      refuse,
    );
    const api = await startFakeHttpApi(calendar.handler);
    const writer = createGoogleEventWriter({
      auth: await testGoogleAuth(),
      calendarId: 'primary',
      rootUrl: api.rootUrl,
      auditors: AUDITORS,
      retry: { clock: testClock().clock },
    });
    const read = (id: string) => calendar.get(id) as calendar_v3.Schema$Event;
    return {
      writer,
      synced: (id) => parseEvent(fromGoogleEvent(read(id))!, AUDITORS),
      stored: (id) => ({
        summary: read(id).summary ?? '',
        description: read(id).description ?? '',
        location: read(id).location ?? '',
        etag: read(id).etag ?? '',
      }),
      change: (id, description) => calendar.change(id, { description }),
      patches: () => api.requests.filter((request) => request.method === 'PATCH'),
      close: api.close,
    };
  },
};

const SERIES_UID = '040000008200E00074C5B7101A82E008000000series';
const graph: Remote = {
  name: 'Microsoft 365',
  single: 'single',
  instance: 'occurrence-2',
  instanceLeadId: `${SERIES_UID}_20250311T150000Z`,
  async start(refuse) {
    const calendar = writableGraphCalendar(
      [
        graphEvent({
          id: 'single',
          body: { contentType: 'text', content: DESCRIPTION.replace(/\n/g, '\r\n') },
          location: { displayName: '12 Elm St, Boston' },
          end: { dateTime: '2025-03-04T15:30:00.0000000', timeZone: 'UTC' },
        }),
        graphEvent({
          id: 'occurrence-2',
          subject: 'Weekly Customer',
          body: {
            contentType: 'text',
            content: 'Auditor: Alex Chen\r\nHouse Type: Single Family\r\nPhone: (617) 555-0300',
          },
          type: 'occurrence',
          seriesMasterId: 'master',
          originalStart: '2025-03-11T15:00:00Z',
          start: { dateTime: '2025-03-11T15:00:00.0000000', timeZone: 'UTC' },
          end: { dateTime: '2025-03-11T16:00:00.0000000', timeZone: 'UTC' },
        }),
      ],
      refuse,
    );
    const api = await startFakeHttpApi(calendar.handler);
    const writer = createGraphEventWriter({
      ...graphSettings(api.rootUrl),
      auditors: AUDITORS,
      retry: { clock: testClock().clock },
    });
    const read = (id: string) => calendar.get(id) as GraphEvent;
    return {
      writer,
      synced: (id) =>
        parseEvent(fromGraphEvent(read(id), read(id).seriesMasterId ? SERIES_UID : undefined)!, AUDITORS),
      stored: (id) => ({
        summary: read(id).subject ?? '',
        description: read(id).body?.content ?? '',
        location: read(id).location?.displayName ?? '',
        etag: read(id)['@odata.etag'] ?? '',
      }),
      change: (id, description) =>
        calendar.change(id, { body: { contentType: 'text', content: description } }),
      patches: () => api.requests.filter((request) => request.method === 'PATCH'),
      close: api.close,
    };
  },
};

describe.each([google, graph])('write-back to $name', (remote) => {
  let fake: Awaited<ReturnType<Remote['start']>>;
  afterEach(() => fake?.close());

  it('patches with If-Match on the ETag the sync read, keeps every other line, and reads back field by field', async () => {
    fake = await remote.start();
    const synced = fake.synced(remote.single);
    expect(synced.eventRef).toEqual({
      id: remote.single,
      etag: fake.stored(remote.single).etag,
      instance: null,
    });

    const outcome = await fake.writer.write(targetOf(synced), EDIT);
    expect(outcome.kind).toBe('written');
    expect(fake.patches().map((patch) => patch.headers['if-match'])).toEqual([synced.eventRef!.etag]);
    const stored = fake.stored(remote.single);
    expect(outcome).toMatchObject({ etag: stored.etag, record: EDITED });
    expect(stored.etag).not.toBe(synced.eventRef!.etag);
    // Google deletes a cancelled event and Graph cannot set isCancelled: the marker says it
    expect(stored.summary).toBe('Cancelled: Jane Q. Doe');
    expect(stored.location).toBe('14 Oak Ave, Cambridge');
    const newline = remote === graph ? '\r\n' : '\n';
    expect(stored.description.split(newline)).toEqual([
      'Auditor: Sam Rivera',
      'House Type: 2 Family',
      'Phone: (617) 555-0100',
      'Gate Code:  4711 ',
      'bring the ladder',
    ]);
    // read again the way the sync reads it: the same lead
    expect(fake.synced(remote.single)).toMatchObject(EDITED);
  });

  it('writes a day as an all-day event, and a time back as a timed one, its end following', async () => {
    fake = await remote.start();
    const synced = fake.synced(remote.single);
    expect(synced.allDay).toBe(false);
    // the office's date of a day is its date alone (dateText.ts)
    const day = await fake.writer.write(targetOf(synced), { scheduledDate: '2025-03-06' });
    expect(day).toMatchObject({
      kind: 'written',
      record: {
        scheduledDate: '2025-03-06T00:00:00.000Z',
        endDate: '2025-03-07T00:00:00.000Z',
        allDay: true,
      },
    });
    expect(fake.synced(remote.single)).toMatchObject({
      scheduledDate: '2025-03-06T00:00:00.000Z',
      allDay: true,
    });
    const timed = await fake.writer.write(
      { ...targetOf(synced), ref: { ...synced.eventRef!, etag: fake.stored(remote.single).etag } },
      { scheduledDate: '2025-03-06T15:00:00.000Z' },
    );
    expect(timed).toMatchObject({
      kind: 'written',
      record: {
        scheduledDate: '2025-03-06T15:00:00.000Z',
        endDate: '2025-03-06T16:00:00.000Z',
        allDay: false,
      },
    });
  });

  it('writes one instance of a series as that instance (its own id), never the series', async () => {
    fake = await remote.start();
    const synced = fake.synced(remote.instance);
    expect(synced.leadId).toBe(remote.instanceLeadId);
    const outcome = await fake.writer.write(targetOf(synced), { phoneNumber: '(617) 555-0311' });
    expect(outcome).toMatchObject({
      kind: 'written',
      record: { leadId: remote.instanceLeadId, phoneNumber: '(617) 555-0311', auditor: 'Alex Chen' },
    });
    expect(fake.patches().map((patch) => patch.path)).toEqual([
      expect.stringMatching(new RegExp(`/events/${remote.instance}$`)),
    ]);
  });

  it('writes nothing over a change made since the sync (412) and answers the event as it is now', async () => {
    fake = await remote.start();
    const synced = fake.synced(remote.single);
    fake.change(remote.single, 'Auditor: Alex Chen\nHouse Type: 2 Family\nPhone: (617) 555-0199');
    const theirs = fake.stored(remote.single);

    const outcome = await fake.writer.write(targetOf(synced), { phoneNumber: '(617) 555-0100' });
    expect(outcome).toMatchObject({
      kind: 'changed',
      etag: theirs.etag,
      record: { phoneNumber: '(617) 555-0199', auditor: 'Alex Chen' },
    });
    expect(fake.stored(remote.single)).toEqual(theirs);
    expect(fake.patches()).toHaveLength(1);
  });

  it('says why a refused write (403) did not happen, and waits out a busy answer (429)', async () => {
    let busy = 1;
    fake = await remote.start((request) => {
      if (request.method !== 'PATCH') return null;
      if (busy-- > 0) return { status: 429, body: { error: { code: 429, message: 'Too Many Requests' } } };
      return { status: 403, body: { error: { code: 403, message: 'Insufficient Permission' } } };
    });
    const synced = fake.synced(remote.single);
    await expect(fake.writer.write(targetOf(synced), { phoneNumber: '(617) 555-0100' })).rejects.toThrow(
      /HTTP 403.*Insufficient Permission/,
    );
    expect(fake.patches()).toHaveLength(2);
    expect(fake.stored(remote.single).description).toContain('555-0142');
  });

  it('tells a refusal of what was sent (400: not tried again) from one of the moment (403, 503)', async () => {
    const answers = [400, 403, 503];
    fake = await remote.start((request) => {
      if (request.method !== 'PATCH') return null;
      const status = answers.length > 1 ? answers.shift()! : answers[0]!; // then 503 every time
      // each contract's error body: Google's { code, message, errors }, Graph's { code: 'ErrorInvalidRequest', message }
      return remote === google
        ? {
            status,
            body: { error: { code: status, message: 'Invalid value', errors: [{ reason: 'invalid' }] } },
          }
        : {
            status,
            body: {
              error: {
                code: status === 400 ? 'ErrorInvalidRequest' : 'ErrorAccessDenied',
                message: 'Invalid value',
              },
            },
          };
    });
    const synced = fake.synced(remote.single);
    const attempt = () =>
      fake.writer.write(targetOf(synced), { phoneNumber: '(617) 555-0100' }).then(
        () => null,
        (error: unknown) => error as WriteRefused,
      );
    const refused = await attempt();
    expect(refused).toBeInstanceOf(WriteRefused);
    expect(refused).toMatchObject({
      permanent: true,
      message: expect.stringMatching(/HTTP 400.*Invalid value/),
    });
    expect(await attempt()).toMatchObject({ permanent: false, message: expect.stringMatching(/HTTP 403/) });
    // a 503 is retried by the request itself, then given up as a busy calendar: tried again later
    const busy = await attempt();
    expect(busy?.message).toMatch(/503/);
    expect(busy instanceof WriteRefused && busy.permanent).toBe(false);
    expect(fake.stored(remote.single).description).toContain('555-0142');
  });
});
