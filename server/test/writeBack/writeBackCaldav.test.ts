import type { LeadDetail, LeadHistoryEntry } from '@auditdesk/shared/core';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../../src/app';
import { openDatabase } from '../../src/platform/db/openDatabase';
import { signInEveryRole } from '../../testkit/roleSessions';
import { startBusyProxy } from '../../testkit/servers/busyProxy';
import { ENGINES } from '../../testkit/engines';
import { eventually } from '../../testkit/eventually';
import { startRadicale, type RadicaleServer } from '../../testkit/servers/radicale';
import { testClock } from '../../testkit/testClock';
import { bearer, createTestApp, TEST_D1_RETRY, type TestApp } from '../../testkit/testApp';

// Issue 20, part 2: office edits written back to a real CalDAV server (Radicale), with If-Match.

const MARCH = { startDate: '2025-03-01', endDate: '2025-03-31' };
/** Pauses of milliseconds between attempts, and retries of busy answers that never wait. */
const QUICK = {
  policy: { maxAttempts: Number.POSITIVE_INFINITY, baseDelayMs: 20, maxDelayMs: 50 },
  pollMs: 50,
};

const CRLF = '\r\n';
const vcalendar = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Auditdesk tests//EN', ...lines, 'END:VCALENDAR', ''].join(
    CRLF,
  );

/** One visit, with a description line nobody knows and free text, and a property the app never reads. */
const SINGLE = vcalendar(
  'BEGIN:VEVENT',
  'UID:single-1@example.com',
  'DTSTAMP:20250201T120000Z',
  'DTSTART:20250304T140000Z',
  'DTEND:20250304T153000Z',
  'SUMMARY:Jane Doe',
  'LOCATION:12 Elm St\\, Boston',
  'DESCRIPTION:Auditor: Sam Rivera\\nHouse Type: 2 Family\\nPhone: (617) 555-0142\\nGate Code:  4711 \\nbring the ladder\\nNotes: side door',
  'X-APPLE-TRAVEL-ADVISORY-BEHAVIOR:AUTOMATIC',
  'END:VEVENT',
);

/** A weekly series on Tuesdays in March 2025. */
const SERIES = vcalendar(
  'BEGIN:VEVENT',
  'UID:series-1@example.com',
  'DTSTAMP:20250201T120000Z',
  'DTSTART:20250304T150000Z',
  'DTEND:20250304T160000Z',
  'RRULE:FREQ=WEEKLY;COUNT=4',
  'SUMMARY:Weekly Customer',
  'DESCRIPTION:Auditor: Alex Chen\\nHouse Type: Single Family\\nPhone: (617) 555-0300',
  'END:VEVENT',
);

/** The VEVENTs of a calendar object as ical.js reads them. */
function vevents(ics: string) {
  return new ICAL.Component(ICAL.parse(ics) as unknown[]).getAllSubcomponents('vevent');
}
const text = (component: ReturnType<typeof vevents>[number], name: string) =>
  String(component.getFirstPropertyValue(name) ?? '');

describe.each(ENGINES)('write-back to CalDAV (Radicale) on %s', (engine) => {
  let radicale: RadicaleServer;
  let calendarUrl: string;
  let slug: string;
  let t: TestApp;
  let tokens: Awaited<ReturnType<typeof signInEveryRole>>;
  let counter = 0;

  beforeAll(async () => {
    radicale = await startRadicale();
  }, 60_000);
  afterAll(() => radicale.stop());

  const env = (url = radicale.accountUrl) => ({
    CALENDAR_SOURCE: 'caldav',
    CALDAV_URL: url,
    CALDAV_USERNAME: radicale.username,
    CALDAV_PASSWORD: radicale.password,
    CALDAV_CALENDAR: slug,
    CALENDAR_WRITE_BACK: 'on',
  });

  beforeEach(async () => {
    slug = `${engine}-${++counter}`;
    calendarUrl = await radicale.createCalendar(slug, slug);
  });
  afterEach(async () => {
    await t?.close().catch(() => undefined);
  });

  /** `pollMs`: how often the worker looks for writes due besides the ones an edit or a decision asks for. */
  const start = async (url?: string, pollMs = QUICK.pollMs) => {
    t = await createTestApp(env(url), {
      engine,
      writeBack: { ...QUICK, pollMs, retry: { clock: testClock().clock } },
    });
    tokens = await signInEveryRole(t);
  };
  const request = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tokens.Manager!), ...(payload ? { payload } : {}) });
  const sync = async () => {
    const result = await t.services.sync.execute(MARCH, 'cli', null);
    expect(result).toMatchObject({ success: true });
  };
  const idOf = async (leadId: string) =>
    (await t.db.all<{ id: number }>(sql`SELECT id FROM leads WHERE lead_id = ${leadId}`))[0]!.id;
  const detail = async (id: number): Promise<LeadDetail> => (await request('GET', `/api/leads/${id}`)).json();
  const edit = async (id: number, changes: object) => {
    const response = await request('PATCH', `/api/leads/${id}`, changes);
    expect(response.statusCode).toBe(200);
  };
  const object = async (name: string) => {
    const response = await fetch(`${calendarUrl}${name}`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${radicale.username}:${radicale.password}`).toString('base64')}`,
      },
    });
    expect(response.status).toBe(200);
    return { ics: await response.text(), etag: response.headers.get('etag') };
  };
  /**
   * The lead once its write is done. Read again after the pending write is seen gone: the
   * lead's detail is several reads, and the first may have read the office values just before
   * the worker's batch landed.
   */
  const written = async (id: number) => {
    await eventually(
      async () => {
        const lead = await detail(id);
        if (lead.calendarWrite) throw new Error(`still waiting: ${JSON.stringify(lead.calendarWrite)}`);
      },
      { attempts: 200, delayMs: 50 },
    );
    return detail(id);
  };
  const history = async (id: number) =>
    ((await request('GET', `/api/leads/${id}/history`)).json().items as LeadHistoryEntry[]).map((entry) => [
      entry.kind,
      entry.field,
      entry.newValue,
    ]);

  /** The server again on the same data (its worker makes the writes left waiting). */
  const restart = async (config: TestApp['config']) => {
    const db = await openDatabase(config, { d1Retry: TEST_D1_RETRY });
    const { app, services } = await buildApp({
      config,
      db,
      writeBack: { ...QUICK, retry: { clock: testClock().clock } },
    });
    await app.ready();
    return { db, app, services };
  };
  /** Waits until no write is left to make. */
  const allWritten = (db: TestApp['db']) =>
    eventually(
      async () => {
        const rows = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM calendar_writes`);
        expect(rows[0]!.n).toBe(0);
      },
      { attempts: 200, delayMs: 50 },
    );

  it('writes a bulk change to every event it changed, and its undo back again', async () => {
    expect((await radicale.putEvent(calendarUrl, 'single.ics', SINGLE)).status).toBe(201);
    expect((await radicale.putEvent(calendarUrl, 'series.ics', SERIES)).status).toBe(201);
    await start();
    await sync();
    const ids = [
      ...(await t.db.all<{ id: number; version: number }>(
        sql`SELECT id, version FROM leads WHERE lead_id = 'single-1@example.com'`,
      )),
      // the series' first visit: written as that instance's override
      ...(await t.db.all<{ id: number; version: number }>(
        sql`SELECT id, version FROM leads WHERE event_instance IS NOT NULL ORDER BY scheduled_date LIMIT 1`,
      )),
    ];
    const bulk = await request('POST', '/api/leads/bulk', { leads: ids, change: { scheduledBy: 'Dana' } });
    expect(bulk.statusCode).toBe(200);
    for (const { id } of ids) expect((await written(id)).officeValues).toEqual([]);
    const scheduledBy = async (name: string) =>
      vevents((await object(name)).ics).map((event) =>
        text(event, 'description')
          .split('\n')
          .find((line) => line.startsWith('Scheduled By:')),
      );
    expect(await scheduledBy('single.ics')).toEqual(['Scheduled By: Dana']);
    expect((await scheduledBy('series.ics')).filter(Boolean)).toEqual(['Scheduled By: Dana']);

    const undo = await request('POST', `/api/lead-actions/${bulk.json().action.id}/undo`);
    expect(undo.statusCode).toBe(200);
    for (const { id } of ids) await written(id);
    expect((await detail(ids[0]!.id)).scheduledBy).toBe('');
    expect(await scheduledBy('single.ics')).not.toContain('Scheduled By: Dana');
  });

  // issue 37: a merge asked to cancel the merged-away lead's event does; its undo takes that back
  it('cancels the merged-away lead’s event when asked, and the undo puts it back', async () => {
    const second = SINGLE.replace('UID:single-1@example.com', 'UID:single-2@example.com').replace(
      'DTSTART:20250304T140000Z',
      'DTSTART:20250311T140000Z',
    );
    expect((await radicale.putEvent(calendarUrl, 'single.ics', SINGLE)).status).toBe(201);
    expect((await radicale.putEvent(calendarUrl, 'second.ics', second)).status).toBe(201);
    await start();
    await sync();
    const [kept, gone] = [
      await detail(await idOf('single-1@example.com')),
      await detail(await idOf('single-2@example.com')),
    ];
    const merged = await request('POST', '/api/leads/merge', {
      leads: [
        { id: kept.id, version: kept.version },
        { id: gone.id, version: gone.version },
      ],
      values: { scheduledBy: 'Dana' },
      goneEvent: 'cancel',
    });
    expect(merged.statusCode).toBe(200);
    await allWritten(t.db);
    const status = async (name: string) => text(vevents((await object(name)).ics)[0]!, 'status');
    expect(await status('second.ics')).toBe('CANCELLED');
    expect(text(vevents((await object('single.ics')).ics)[0]!, 'description')).toContain(
      'Scheduled By: Dana',
    );
    await sync(); // the cancelled event does not bring the gone lead back
    expect((await detail(gone.id)).id).toBe(kept.id);

    const undo = await request('POST', `/api/lead-actions/${merged.json().action.id}/undo`);
    expect(undo.statusCode).toBe(200);
    await allWritten(t.db);
    expect(await status('second.ics')).not.toBe('CANCELLED');
    expect((await detail(gone.id)).status).toBe(gone.status);
    // two syncs and three writes to Radicale, on D1 each statement a request
  }, 60_000);

  it('writes an edit with If-Match, keeps every other line and property, and reads back field by field', async () => {
    expect((await radicale.putEvent(calendarUrl, 'single.ics', SINGLE)).status).toBe(201);
    await start();
    await sync();
    const id = await idOf('single-1@example.com');
    const before = await object('single.ics');
    const [stored] = await t.db.all<{ ref: string; etag: string }>(
      sql`SELECT event_ref AS ref, event_etag AS etag FROM leads WHERE id = ${id}`,
    );
    expect(stored).toEqual({ ref: `${calendarUrl}single.ics`, etag: before.etag });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/business', headers: bearer(tokens.Manager!) })).json(),
    ).toMatchObject({ writeBack: 'on' });

    await edit(id, {
      phoneNumber: '(617) 555-0100',
      customerName: 'Jane Q. Doe',
      address: '14 Oak Ave, Cambridge',
      heatingFuel: 'Oil',
      scheduledBy: 'Dana',
    });
    const after = await written(id);
    expect(after.officeValues).toEqual([]);
    expect(after).toMatchObject({
      phoneNumber: '(617) 555-0100',
      customerName: 'Jane Q. Doe',
      needsReview: false,
    });

    const now = await object('single.ics');
    expect(now.etag).not.toBe(before.etag);
    const [event] = vevents(now.ics);
    expect(text(event!, 'summary')).toBe('Jane Q. Doe');
    expect(text(event!, 'location')).toBe('14 Oak Ave, Cambridge');
    expect(text(event!, 'description').split('\n')).toEqual([
      'Auditor: Sam Rivera',
      'House Type: 2 Family',
      'Phone: (617) 555-0100',
      'Gate Code:  4711 ',
      'bring the ladder',
      'Notes: side door',
      'Heating Fuel: Oil',
      'Scheduled By: Dana',
    ]);
    expect(text(event!, 'x-apple-travel-advisory-behavior')).toBe('AUTOMATIC');
    expect(text(event!, 'dtstart')).toBe('2025-03-04T14:00:00Z');
    const [etag] = await t.db.all<{ etag: string }>(
      sql`SELECT event_etag AS etag FROM leads WHERE id = ${id}`,
    );
    expect(etag!.etag).toBe(now.etag);

    // the next sync reads what was written: the same lead, nothing to rewrite or review
    expect(await t.services.sync.execute(MARCH, 'cli', null)).toMatchObject({
      success: true,
      eventsUpdated: 0,
    });
    expect(await detail(id)).toMatchObject({
      customerName: 'Jane Q. Doe',
      address: '14 Oak Ave, Cambridge',
      phoneNumber: '(617) 555-0100',
      heatingFuel: 'Oil',
      scheduledBy: 'Dana',
      comments: 'side door\nGate Code: 4711\nbring the ladder',
      officeValues: [],
      needsReview: false,
    });
    expect(await history(id)).toEqual(
      expect.arrayContaining([
        ['written-back', 'phoneNumber', '(617) 555-0100'],
        ['written-back', 'address', '14 Oak Ave, Cambridge'],
      ]),
    );
  });

  it('keeps the new ETag of an event changed in nothing a lead shows: the run is not skipped as unchanged', async () => {
    expect((await radicale.putEvent(calendarUrl, 'single.ics', SINGLE)).status).toBe(201);
    await start();
    await sync();
    const id = await idOf('single-1@example.com');
    const other = SINGLE.replace(
      'X-APPLE-TRAVEL-ADVISORY-BEHAVIOR:AUTOMATIC',
      'X-APPLE-TRAVEL-ADVISORY-BEHAVIOR:DISABLED',
    );
    expect((await radicale.putEvent(calendarUrl, 'single.ics', other)).status).toBe(201);
    const result = await t.services.sync.execute(MARCH, 'cli', null);
    expect(result).toMatchObject({ success: true, eventsUpdated: 0 });
    const [stored] = await t.db.all<{ etag: string }>(
      sql`SELECT event_etag AS etag FROM leads WHERE id = ${id}`,
    );
    expect(stored!.etag).toBe((await object('single.ics')).etag);
  });

  it('cancels with STATUS:CANCELLED and moves the visit, in the event’s own form', async () => {
    expect((await radicale.putEvent(calendarUrl, 'single.ics', SINGLE)).status).toBe(201);
    await start();
    await sync();
    const id = await idOf('single-1@example.com');
    await edit(id, {
      status: 'Cancelled',
      scheduledDate: '2025-03-05T15:00:00.000Z',
      endDate: '2025-03-05T16:00:00.000Z',
    });
    await written(id);
    const [event] = vevents((await object('single.ics')).ics);
    expect(text(event!, 'status')).toBe('CANCELLED');
    expect(text(event!, 'summary')).toBe('Jane Doe');
    expect(text(event!, 'dtstart')).toBe('2025-03-05T15:00:00Z');
    expect(text(event!, 'dtend')).toBe('2025-03-05T16:00:00Z');
    await sync();
    expect(await detail(id)).toMatchObject({
      status: 'Cancelled',
      scheduledDate: '2025-03-05T15:00:00.000Z',
      officeValues: [],
    });
  });

  it('writes one instance of a series as its override (RECURRENCE-ID), never the series', async () => {
    expect((await radicale.putEvent(calendarUrl, 'series.ics', SERIES)).status).toBe(201);
    await start();
    await sync();
    const second = await idOf('series-1@example.com_20250311T150000Z');
    await edit(second, { phoneNumber: '(617) 555-0311', comments: 'dog in the yard' });
    await written(second);

    const [master, override, ...rest] = vevents((await object('series.ics')).ics);
    expect(rest).toEqual([]);
    expect(text(master!, 'rrule')).toContain('FREQ=WEEKLY');
    expect(text(master!, 'description')).toContain('Phone: (617) 555-0300');
    expect(text(override!, 'recurrence-id')).toBe('2025-03-11T15:00:00Z');
    expect(override!.hasProperty('rrule')).toBe(false);
    expect(text(override!, 'dtstart')).toBe('2025-03-11T15:00:00Z');
    expect(text(override!, 'dtend')).toBe('2025-03-11T16:00:00Z');
    expect(text(override!, 'description').split('\n')).toEqual([
      'Auditor: Alex Chen',
      'House Type: Single Family',
      'Phone: (617) 555-0311',
      'Comments: dog in the yard',
    ]);

    await sync();
    const leads = await t.db.all<{ leadId: string; phone: string }>(
      sql`SELECT lead_id AS leadId, phone_number AS phone FROM leads ORDER BY lead_id`,
    );
    expect(leads).toEqual([
      { leadId: 'series-1@example.com_20250304T150000Z', phone: '(617) 555-0300' },
      { leadId: 'series-1@example.com_20250311T150000Z', phone: '(617) 555-0311' },
      { leadId: 'series-1@example.com_20250318T150000Z', phone: '(617) 555-0300' },
      { leadId: 'series-1@example.com_20250325T150000Z', phone: '(617) 555-0300' },
    ]);
    expect((await detail(second)).officeValues).toEqual([]);
  });

  it('writes nothing over a change made by another client since the sync (412): the lead is flagged with the calendar’s values', async () => {
    expect((await radicale.putEvent(calendarUrl, 'single.ics', SINGLE)).status).toBe(201);
    await start(undefined, 3_600_000); // no polling: the edit and the decision alone set the writes off
    await sync();
    const id = await idOf('single-1@example.com');
    // another client changes the phone and the auditor
    const theirs = SINGLE.replace('Phone: (617) 555-0142', 'Phone: (617) 555-0199').replace(
      'Auditor: Sam Rivera',
      'Auditor: Alex Chen',
    );
    expect((await radicale.putEvent(calendarUrl, 'single.ics', theirs)).status).toBe(201);
    const theirVersion = await object('single.ics');

    await edit(id, { phoneNumber: '(617) 555-0100' });
    const flagged = await eventually(
      async () => {
        const lead = await detail(id);
        if (!lead.needsReview) throw new Error('not flagged yet');
        return lead;
      },
      { attempts: 200, delayMs: 50 },
    );
    expect(flagged.officeValues).toEqual([
      expect.objectContaining({
        field: 'phoneNumber',
        officeValue: '(617) 555-0100',
        calendarValue: '(617) 555-0199',
        conflict: true,
      }),
    ]);
    expect(flagged.calendarWrite).toMatchObject({
      reason: 'the event was changed in the calendar since the last sync',
    });
    expect(await object('single.ics')).toEqual(theirVersion);
    expect(await history(id)).toContainEqual(['write-conflict', 'phoneNumber', '(617) 555-0199']);

    // the person keeps ours: now it is written, over the version the conflict was read from
    const resolved = await request('POST', `/api/leads/${id}/office-values/phoneNumber`, { use: 'office' });
    expect(resolved.statusCode).toBe(200);
    await written(id);
    const [event] = vevents((await object('single.ics')).ics);
    expect(text(event!, 'description')).toContain('Phone: (617) 555-0100');
    expect(text(event!, 'description')).toContain('Auditor: Alex Chen');
  });

  it('goes again with the new ETag when another client changed only what the office did not', async () => {
    expect((await radicale.putEvent(calendarUrl, 'single.ics', SINGLE)).status).toBe(201);
    const proxy = await startBusyProxy(radicale.url);
    await start(`${proxy.url}${radicale.username}/`);
    await sync();
    const id = await idOf('single-1@example.com');
    const theirs = SINGLE.replace('Auditor: Sam Rivera', 'Auditor: Alex Chen');
    expect((await radicale.putEvent(calendarUrl, 'single.ics', theirs)).status).toBe(201);

    await edit(id, { phoneNumber: '(617) 555-0100' });
    const after = await written(id);
    await proxy.close();
    expect(after).toMatchObject({ needsReview: false, officeValues: [] });
    // refused on the ETag the sync read, then made on the one read after the refusal
    expect(
      proxy.exchanges.filter((exchange) => exchange.method === 'PUT').map((exchange) => exchange.status),
    ).toEqual([412, expect.any(Number)]);
    expect(proxy.exchanges.filter((exchange) => exchange.method === 'PUT')[1]!.status).toBeLessThan(300);
    const description = text(vevents((await object('single.ics')).ics)[0]!, 'description');
    expect(description).toContain('Phone: (617) 555-0100');
    expect(description).toContain('Auditor: Alex Chen');
  });

  it('keeps a write the server refused, says why, and makes it after a restart', async () => {
    expect((await radicale.putEvent(calendarUrl, 'single.ics', SINGLE)).status).toBe(201);
    let refusing = false;
    const proxy = await startBusyProxy(radicale.url, (_index, { method }) =>
      refusing && method === 'PUT' ? { status: 503 } : null,
    );
    try {
      await start(`${proxy.url}${radicale.username}/`);
      await sync();
      const id = await idOf('single-1@example.com');
      refusing = true;
      await edit(id, { phoneNumber: '(617) 555-0100' });
      const waiting = await eventually(
        async () => {
          const lead = await detail(id);
          if (!lead.calendarWrite?.reason) throw new Error('not tried yet');
          return lead;
        },
        { attempts: 200, delayMs: 50 },
      );
      expect(waiting.calendarWrite!.reason).toMatch(
        /answered HTTP 503 Service Unavailable 5 times in a row$/,
      );
      expect(waiting).toMatchObject({ phoneNumber: '(617) 555-0100' });
      expect(waiting.officeValues).toHaveLength(1);

      // the app stops (its worker with it); the write is stored, not lost
      const { config } = t;
      await t.app.close();
      await t.db.close();
      expect(text(vevents((await object('single.ics')).ics)[0]!, 'description')).toContain(
        'Phone: (617) 555-0142',
      );

      refusing = false;
      const { db, app } = await restart(config);
      const [stored] = await db.all<{ attempts: number; error: string }>(
        sql`SELECT attempts, last_error AS error FROM calendar_writes WHERE lead_id = ${id}`,
      );
      expect(stored!.attempts).toBeGreaterThanOrEqual(1);
      try {
        await allWritten(db);
        expect(text(vevents((await object('single.ics')).ics)[0]!, 'description')).toContain(
          'Phone: (617) 555-0100',
        );
        const rows = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM lead_office_values`);
        expect(rows[0]!.n).toBe(0);
      } finally {
        await app.close();
        await db.close();
        fs.rmSync(config.dataDir, { recursive: true, force: true });
      }
    } finally {
      await proxy.close();
    }
  });

  // the command line opens the test's SQLite file; on D1 the same run would be another client of one database
  (engine === 'sqlite' ? it : it.skip)(
    'a sync killed mid-run loses no office value and no pending write: both go out after the restart',
    async () => {
      expect((await radicale.putEvent(calendarUrl, 'single.ics', SINGLE)).status).toBe(201);
      let refusingPuts = false;
      let hangingReads = false;
      const proxy = await startBusyProxy(radicale.url, (_index, { method }) =>
        refusingPuts && method === 'PUT'
          ? { status: 503 }
          : hangingReads && method === 'REPORT'
            ? { status: 0, hang: true }
            : null,
      );
      const accountUrl = `${proxy.url}${radicale.username}/`;
      const leaseEnv = { SYNC_LEASE_SECONDS: '2' };
      try {
        t = await createTestApp(
          { ...env(accountUrl), ...leaseEnv },
          { engine, writeBack: { ...QUICK, retry: { clock: testClock().clock } } },
        );
        tokens = await signInEveryRole(t);
        await sync();
        const id = await idOf('single-1@example.com');
        refusingPuts = true;
        await edit(id, { phoneNumber: '(617) 555-0100', comments: 'gate code 4711' });
        await eventually(
          async () => {
            if (!(await detail(id)).calendarWrite?.reason) throw new Error('not tried yet');
          },
          { attempts: 200, delayMs: 50 },
        );

        // `pnpm sync` on the same data, stuck reading the calendar, killed
        hangingReads = true;
        const cli = spawn(
          process.execPath,
          [
            '--import',
            'tsx',
            'server/src/cli/syncCommand.ts',
            '--from',
            MARCH.startDate,
            '--to',
            MARCH.endDate,
          ],
          {
            cwd: path.resolve(__dirname, '../../..'),
            env: {
              PATH: process.env.PATH,
              HOME: process.env.HOME,
              DATA_DIR: t.dataDir,
              ...env(accountUrl),
              ...leaseEnv,
            },
            stdio: 'ignore',
          },
        );
        const exited = new Promise((resolve) => cli.once('exit', (_code, signal) => resolve(signal)));
        try {
          await eventually(
            async () => {
              const status = (await request('GET', '/api/sync/status')).json();
              expect(status.running).toMatchObject({ trigger: 'cli' });
            },
            { attempts: 300 },
          );
        } finally {
          cli.kill('SIGKILL');
        }
        expect(await exited).toBe('SIGKILL');

        // the server restarts with the calendar reachable again
        const { config } = t;
        await t.app.close();
        await t.db.close();
        refusingPuts = false;
        hangingReads = false;
        const { db, app, services } = await restart(config);
        try {
          await allWritten(db);
          const description = text(vevents((await object('single.ics')).ics)[0]!, 'description');
          expect(description).toContain('Phone: (617) 555-0100');
          expect(description).toContain('gate code 4711');
          // the next run (once the killed one's lease is over) keeps all of it
          const result = await eventually(async () => {
            const outcome = await services.sync.execute(MARCH, 'cli', null);
            expect(outcome).toMatchObject({ success: true });
            return outcome;
          });
          expect(result).toMatchObject({ eventsUpdated: 0 });
          const [lead] = await db.all<{ phone: string; comments: string }>(
            sql`SELECT phone_number AS phone, comments FROM leads WHERE id = ${id}`,
          );
          expect(lead).toEqual({ phone: '(617) 555-0100', comments: 'gate code 4711' });
        } finally {
          await app.close();
          await db.close();
          fs.rmSync(config.dataDir, { recursive: true, force: true });
        }
      } finally {
        await proxy.close();
      }
    },
    60_000,
  );
});
