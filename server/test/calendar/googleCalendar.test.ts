import { createGoogleCalendarSource } from '../../src/features/calendar/google/googleCalendarSource';
import type { RetryWait } from '../../src/platform/http/retryingFetch';
import { startFakeGoogleApi, testGoogleAuth } from '../../testkit/fakes/fakeGoogleApi';
import { refuseAlways, refuseFirst } from '../../testkit/fakes/fakeHttpApi';
import { testClock } from '../../testkit/testClock';

const event = (overrides: object) => ({
  kind: 'calendar#event',
  status: 'confirmed',
  htmlLink: 'https://www.google.com/calendar/event?eid=abc',
  summary: 'Jane Doe',
  description: 'Auditor: Sam Rivera<br>House Type: 2 Family<br><b>Notes:</b> side &amp; back door',
  ...overrides,
});

describe('Google Calendar source (events.list v3)', () => {
  it('reports an event it cannot map and reads the others (one invitation never fails every sync)', async () => {
    const google = await startFakeGoogleApi(() => ({
      body: {
        kind: 'calendar#events',
        items: [
          event({
            id: 'broken',
            iCalUID: 'broken@google.com',
            summary: 'Broken',
            recurringEventId: 's1',
            originalStartTime: { dateTime: 'not a time' },
            start: { dateTime: '2025-03-04T09:00:00-05:00' },
          }),
          event({
            id: 'entity',
            iCalUID: 'entity@google.com',
            description: 'Auditor: Sam Rivera &#99999999;',
            start: { dateTime: '2025-03-05T09:00:00-05:00' },
          }),
          event({ id: 'no-start', iCalUID: 'no-start@google.com', summary: 'No start' }),
        ],
      },
    }));
    const source = createGoogleCalendarSource({
      auth: await testGoogleAuth(),
      calendarId: 'primary',
      rootUrl: google.rootUrl,
    });
    const { events, problems } = await source.events({ startDate: '2025-03-01', endDate: '2025-03-31' });
    expect(events.map((item) => [item.leadId, item.description])).toEqual([
      ['entity@google.com', 'Auditor: Sam Rivera \uFFFD'],
    ]);
    expect(problems).toEqual([
      { uid: 'broken@google.com', summary: 'Broken', message: 'Invalid time value' },
      { uid: 'no-start@google.com', summary: 'No start', message: 'it has no start' },
    ]);
    await google.close();
  });

  it('pages to the end with single events and maps every field', async () => {
    const pages: Record<string, unknown> = {
      '': {
        kind: 'calendar#events',
        items: [
          event({
            id: 'e1',
            iCalUID: 'e1@google.com',
            start: { dateTime: '2025-03-04T09:00:00-05:00', timeZone: 'America/New_York' },
            end: { dateTime: '2025-03-04T10:30:00-05:00', timeZone: 'America/New_York' },
            location: '12 Elm St, Boston, MA 02118',
          }),
          event({ id: 'e2', iCalUID: 'e2@google.com', start: { date: '2025-03-05' } }),
        ],
        nextPageToken: 'page2',
      },
      page2: { kind: 'calendar#events', items: [], nextPageToken: 'page3' }, // pages may be empty
      page3: {
        kind: 'calendar#events',
        items: [
          event({
            id: 's1_20250306T140000Z',
            iCalUID: 'series@google.com',
            recurringEventId: 's1',
            originalStartTime: { dateTime: '2025-03-06T09:00:00-05:00' },
            start: { dateTime: '2025-03-07T10:00:00-05:00' },
            summary: 'Moved instance',
          }),
          event({ id: 'late', iCalUID: 'late@google.com', start: { dateTime: '2025-04-01T10:00:00-04:00' } }),
        ],
        nextSyncToken: 'sync',
      },
    };
    const google = await startFakeGoogleApi(({ path, query }) =>
      path === '/calendar/v3/calendars/audits@group.calendar.google.com/events'
        ? { body: pages[query.get('pageToken') ?? ''] }
        : { status: 404, body: { error: { code: 404, message: 'Not Found' } } },
    );
    const source = createGoogleCalendarSource({
      auth: await testGoogleAuth(),
      calendarId: 'audits@group.calendar.google.com',
      rootUrl: google.rootUrl,
    });

    const { events } = await source.events({ startDate: '2025-03-01', endDate: '2025-03-31' });

    expect(google.requests).toHaveLength(3);
    const first = google.requests[0]!;
    expect(first.authorization).toBe('Bearer test-access-token');
    expect(Object.fromEntries(first.query)).toMatchObject({
      singleEvents: 'true',
      orderBy: 'startTime',
      timeMin: '2025-03-01T00:00:00.000Z',
      timeMax: '2025-04-01T00:00:00.000Z',
    });
    expect(events.map((item) => [item.leadId, item.start.toISOString(), item.allDay])).toEqual([
      ['e1@google.com', '2025-03-04T14:00:00.000Z', false],
      ['e2@google.com', '2025-03-05T00:00:00.000Z', true],
      ['series@google.com_20250306T140000Z', '2025-03-07T15:00:00.000Z', false],
    ]);
    expect(events[0]).toMatchObject({
      location: '12 Elm St, Boston, MA 02118',
      end: new Date('2025-03-04T15:30:00.000Z'),
      url: 'https://www.google.com/calendar/event?eid=abc',
      description: 'Auditor: Sam Rivera\nHouse Type: 2 Family\nNotes: side & back door',
    });
    await google.close();
  });

  it('flags a cancelled instance', async () => {
    const google = await startFakeGoogleApi(() => ({
      body: {
        items: [
          event({
            id: 'c',
            iCalUID: 'c@google.com',
            status: 'cancelled',
            start: { dateTime: '2025-03-04T14:00:00Z' },
          }),
        ],
      },
    }));
    const source = createGoogleCalendarSource({
      auth: await testGoogleAuth(),
      calendarId: 'primary',
      rootUrl: google.rootUrl,
    });
    expect(
      (await source.events({ startDate: '2025-03-01', endDate: '2025-03-31' })).events[0]?.cancelled,
    ).toBe(true);
    await google.close();
  });

  it('fails with a message naming the calendar and Google’s reason', async () => {
    const google = await startFakeGoogleApi(() => ({
      status: 404,
      body: { error: { code: 404, message: 'Not Found' } },
    }));
    const source = createGoogleCalendarSource({
      auth: await testGoogleAuth(),
      calendarId: 'missing',
      rootUrl: google.rootUrl,
    });
    await expect(source.events({ startDate: '2025-03-01', endDate: '2025-03-31' })).rejects.toThrow(
      'Google Calendar missing could not be read: HTTP 404: Not Found',
    );
    await google.close();
  });

  it('waits out 429 with Retry-After, 503 and a userRateLimitExceeded 403, then reads the events', async () => {
    const google = await startFakeGoogleApi(
      refuseFirst(
        [
          { status: 429, retryAfter: '2' },
          { status: 503 },
          {
            status: 403,
            body: {
              error: {
                code: 403,
                message: 'User Rate Limit Exceeded',
                errors: [{ domain: 'usageLimits', reason: 'userRateLimitExceeded' }],
              },
            },
          },
        ],
        () => ({
          body: { items: [event({ id: 'e1', iCalUID: 'e1@google.com', start: { date: '2025-03-05' } })] },
        }),
      ),
    );
    const { clock, sleeps } = testClock();
    const source = createGoogleCalendarSource({
      auth: await testGoogleAuth(),
      calendarId: 'primary',
      rootUrl: google.rootUrl,
      retry: { clock },
    });
    const waits: RetryWait[] = [];

    const { events } = await source.events({ startDate: '2025-03-01', endDate: '2025-03-31' }, (wait) =>
      waits.push(wait),
    );

    expect(events.map((item) => item.leadId)).toEqual(['e1@google.com']);
    expect(google.requests).toHaveLength(4);
    expect(sleeps[0]).toBe(2000);
    expect(waits.map((wait) => [wait.service, wait.status])).toEqual([
      ['Google Calendar', 429],
      ['Google Calendar', 503],
      ['Google Calendar', 403],
    ]);
    await google.close();
  });

  it('gives up after the last attempt with a message that says so', async () => {
    const google = await startFakeGoogleApi(refuseAlways({ status: 503 }));
    const source = createGoogleCalendarSource({
      auth: await testGoogleAuth(),
      calendarId: 'primary',
      rootUrl: google.rootUrl,
      retry: { clock: testClock().clock, policy: { maxAttempts: 3 } },
    });
    await expect(source.events({ startDate: '2025-03-01', endDate: '2025-03-31' })).rejects.toThrow(
      'Google Calendar primary could not be read: Google Calendar answered HTTP 503 Service Unavailable 3 times in a row; gave up, try again later',
    );
    expect(google.requests).toHaveLength(3);
    await google.close();
  });
});
