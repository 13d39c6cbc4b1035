import type { RetryWait } from '../../src/platform/http/retryingFetch';
import { createMicrosoftGraphSource } from '../../src/features/calendar/microsoft/microsoftGraphSource';
import { parseEvent } from '../../src/features/calendar/eventFormat/parseEvent';
import {
  refuseAlways,
  refuseFirst,
  startFakeHttpApi,
  type FakeHandler,
  type FakeHttpApi,
} from '../../testkit/fakes/fakeHttpApi';
import {
  graphEvent,
  graphSettings,
  microsoftGraphHandler,
  MS_APP,
} from '../../testkit/fakes/fakeMicrosoftGraph';
import { testClock } from '../../testkit/testClock';

const MARCH = { startDate: '2025-03-01', endDate: '2025-03-31' };
const SERIES_UID = '040000008200E00074C5B7101A82E00800000000SERIES';

const calendarView = [
  graphEvent({
    id: 'single',
    end: { dateTime: '2025-03-04T15:30:00.0000000', timeZone: 'UTC' },
    location: { displayName: '12 Elm St, Boston, MA 02118' },
  }),
  graphEvent({
    id: 'allday',
    subject: 'All-day audit',
    isAllDay: true,
    start: { dateTime: '2025-03-05T00:00:00.0000000', timeZone: 'UTC' },
  }),
  graphEvent({
    id: 'occ-1',
    iCalUId: 'per-occurrence-1',
    subject: 'Weekly audit',
    type: 'occurrence',
    seriesMasterId: 'master-1',
    start: { dateTime: '2025-03-06T15:00:00.0000000', timeZone: 'UTC' },
    originalStart: '2025-03-06T15:00:00Z',
  }),
  graphEvent({
    id: 'exc-1',
    iCalUId: 'per-occurrence-2',
    subject: 'Weekly audit (moved)',
    type: 'exception',
    seriesMasterId: 'master-1',
    start: { dateTime: '2025-03-14T17:30:00.0000000', timeZone: 'UTC' },
    originalStart: '2025-03-13T15:00:00Z',
  }),
  graphEvent({
    id: 'occ-2',
    iCalUId: 'per-occurrence-3',
    subject: 'Weekly audit',
    type: 'occurrence',
    seriesMasterId: 'master-1',
    isCancelled: true,
    start: { dateTime: '2025-03-20T15:00:00.0000000', timeZone: 'UTC' },
    originalStart: '2025-03-20T15:00:00Z',
  }),
  // calendarView also returns events that began before the range and end inside it
  graphEvent({ id: 'before', start: { dateTime: '2025-02-28T23:00:00.0000000', timeZone: 'UTC' } }),
];

describe('Microsoft 365 source (Graph calendarView, client credentials)', () => {
  let api: FakeHttpApi | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  async function sourceFor(
    handler: FakeHandler,
    settings: Partial<typeof MS_APP> = {},
    clock = testClock().clock,
  ) {
    api = await startFakeHttpApi(handler);
    return createMicrosoftGraphSource({ ...graphSettings(api.rootUrl), ...settings, retry: { clock } });
  }

  it('signs in as the app, reads every page of the range in UTC with text bodies, and maps each event', async () => {
    const graph = microsoftGraphHandler({ calendarView, masters: { 'master-1': SERIES_UID } });
    const source = await sourceFor(graph);

    const { events, problems } = await source.events(MARCH);

    const token = api!.requests[0]!;
    expect(token.method).toBe('POST');
    expect(token.path).toBe(`/${MS_APP.tenantId}/oauth2/v2.0/token`);
    expect(token.body).toEqual({
      client_id: MS_APP.clientId,
      client_secret: MS_APP.clientSecret,
      scope: `${api!.rootUrl}.default`,
      grant_type: 'client_credentials',
    });
    const views = api!.requests.filter((request) => request.path.endsWith('/calendarView'));
    expect(views).toHaveLength(3); // 6 events, 2 a page, following @odata.nextLink
    expect(views[0]!.path).toBe(`/v1.0/users/${MS_APP.calendarUser}/calendarView`);
    expect(Object.fromEntries(views[0]!.query)).toMatchObject({
      startDateTime: '2025-03-01T00:00:00.000Z',
      endDateTime: '2025-04-01T00:00:00.000Z',
    });
    for (const view of views) {
      expect(view.authorization).toBe('Bearer graph-token-1');
      expect(view.headers.prefer).toBe('outlook.timezone="UTC", outlook.body-content-type="text"');
    }
    // one lookup for the series, however many of its occurrences
    expect(api!.requests.filter((request) => request.path.includes('/events/'))).toHaveLength(1);

    expect(problems).toEqual([]);
    expect(
      events.map((event) => [event.leadId, event.start.toISOString(), event.allDay, event.cancelled]),
    ).toEqual([
      [calendarView[0]!.iCalUId, '2025-03-04T14:00:00.000Z', false, false],
      [calendarView[1]!.iCalUId, '2025-03-05T00:00:00.000Z', true, false],
      [`${SERIES_UID}_20250306T150000Z`, '2025-03-06T15:00:00.000Z', false, false],
      [`${SERIES_UID}_20250313T150000Z`, '2025-03-14T17:30:00.000Z', false, false],
      [`${SERIES_UID}_20250320T150000Z`, '2025-03-20T15:00:00.000Z', false, true],
    ]);
    const single = parseEvent(events[0]!, ['Sam Rivera', 'Alex Chen']);
    expect(single).toMatchObject({
      customerName: 'Jane Doe',
      auditor: 'Sam Rivera',
      houseType: '2 Family',
      phoneNumber: '(617) 555-0142',
      linkId: 'https://outlook.office365.com/owa/?itemid=single&exvsurl=1&path=/calendar/item',
      address: '12 Elm St, Boston, MA 02118',
      endDate: '2025-03-04T15:30:00.000Z',
      isFormatted: true,
    });
    expect(views[0]!.query.get('$select')).toContain('end,location');
    expect(parseEvent(events[4]!, ['Sam Rivera', 'Alex Chen']).status).toBe('Cancelled');

    await source.events(MARCH);
    expect(graph.tokensIssued()).toBe(1); // the token is kept until it nears its expiry
  });

  it('reads an HTML body as text when Graph ignores the preference', async () => {
    const source = await sourceFor(
      microsoftGraphHandler({
        calendarView: [
          graphEvent({
            id: 'html',
            body: {
              contentType: 'html',
              content: '<html><body><p>Auditor: Alex Chen<br>House Type: Single Family</p></body></html>',
            },
          }),
        ],
      }),
    );
    const [event] = (await source.events(MARCH)).events;
    expect(event!.description).not.toContain('<');
    expect(parseEvent(event!, ['Sam Rivera', 'Alex Chen'])).toMatchObject({
      auditor: 'Alex Chen',
      houseType: 'Single Family',
      isFormatted: true,
    });
  });

  it('reads a start Graph gave in the event’s own (Windows) zone', async () => {
    const source = await sourceFor(
      microsoftGraphHandler({
        calendarView: [
          graphEvent({
            id: 'zoned',
            start: { dateTime: '2025-03-04T09:00:00.0000000', timeZone: 'Eastern Standard Time' },
          }),
        ],
      }),
    );
    expect((await source.events(MARCH)).events[0]!.start.toISOString()).toBe('2025-03-04T14:00:00.000Z');
  });

  it('reports the occurrences of a series it cannot find, and goes on', async () => {
    const source = await sourceFor(microsoftGraphHandler({ calendarView: calendarView.slice(2, 3) }));
    const read = await source.events(MARCH);
    expect(read.events).toEqual([]);
    expect(read.problems).toEqual([
      {
        uid: 'per-occurrence-1',
        summary: 'Weekly audit',
        message: 'its recurring series could not be found',
      },
    ]);
  });

  it('reports an event it cannot map and reads the others (one invitation never fails the read)', async () => {
    const source = await sourceFor(
      microsoftGraphHandler({
        calendarView: [
          graphEvent({
            id: 'broken',
            subject: 'Broken',
            type: 'occurrence',
            seriesMasterId: 'master-1',
            originalStart: 'not a time',
          }),
          graphEvent({ id: 'fine', start: { dateTime: '2025-03-04T14:00:00.0000000', timeZone: 'UTC' } }),
        ],
        masters: { 'master-1': SERIES_UID },
      }),
    );
    const read = await source.events(MARCH);
    expect(read.events.map((event) => event.leadId)).toEqual([expect.stringMatching(/fine$/)]);
    expect(read.problems).toEqual([
      { uid: expect.stringMatching(/broken$/), summary: 'Broken', message: 'Invalid time value' },
    ]);
  });

  it('says when Microsoft refuses the app’s secret', async () => {
    const source = await sourceFor(microsoftGraphHandler({ calendarView }), {
      clientSecret: 'the secret id',
    });
    await expect(source.events(MARCH)).rejects.toThrow(
      `The Microsoft 365 calendar of ${MS_APP.calendarUser} could not be read: Microsoft sign-in for the app ${MS_APP.clientId} failed: HTTP 401: AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID.`,
    );
  });

  it('says when Graph does not know the user', async () => {
    const source = await sourceFor(microsoftGraphHandler({ calendarView }), {
      calendarUser: 'nobody@contoso.com',
    });
    await expect(source.events(MARCH)).rejects.toThrow(
      "The Microsoft 365 calendar of nobody@contoso.com could not be read: HTTP 404: ErrorInvalidUser: The requested user 'nobody@contoso.com' is invalid.",
    );
  });

  it('waits out 429 with Retry-After and 503 on the token and the pages, telling the run each wait', async () => {
    const { clock, sleeps } = testClock();
    const graph = microsoftGraphHandler({ calendarView, masters: { 'master-1': SERIES_UID } });
    let pages = 0;
    const source = await sourceFor(
      refuseFirst([{ status: 503 }], (request) => {
        if (!request.path.endsWith('/calendarView')) return graph(request);
        pages += 1;
        if (pages === 2)
          return {
            status: 429,
            headers: { 'retry-after': '9' },
            body: { error: { code: 'TooManyRequests' } },
          };
        return graph(request);
      }),
      {},
      clock,
    );
    const waits: RetryWait[] = [];

    const read = await source.events(MARCH, (wait) => waits.push(wait));

    expect(read.events).toHaveLength(5);
    expect(waits.map((wait) => [wait.service, wait.status, wait.serverAsked])).toEqual([
      ['Microsoft Graph', 503, false],
      ['Microsoft Graph', 429, true],
    ]);
    expect(sleeps[1]).toBe(9000);
  });

  it('fails with a clear message when Graph stays busy', async () => {
    const graph = microsoftGraphHandler({ calendarView });
    const busy = refuseAlways({ status: 429, retryAfter: '30' });
    const source = await sourceFor((request) =>
      request.path.endsWith('/calendarView') ? busy(request) : graph(request),
    );
    await expect(source.events(MARCH)).rejects.toThrow(
      `The Microsoft 365 calendar of ${MS_APP.calendarUser} could not be read: Microsoft Graph answered HTTP 429 Too Many Requests 5 times in a row; gave up, try again later`,
    );
  });
});
