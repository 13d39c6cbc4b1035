import ExcelJS from 'exceljs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { icsCalendar } from '../../testkit/builders/icsBuilder';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';
import { ENGINES } from '../../testkit/engines';

describe.each(ENGINES)('on %s', (engine) => {
  const MARCH = { startDate: '2025-03-01', endDate: '2025-03-31' };

  describe('sync API', () => {
    let t: TestApp;
    let token: string;
    let calendarFile: string;

    const writeCalendar = (events: Parameters<typeof icsCalendar>[0]) =>
      fs.writeFileSync(calendarFile, icsCalendar(events));
    const execute = (payload?: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/sync/execute',
        headers: bearer(token),
        ...(payload ? { payload } : {}),
      });
    const leadCount = async () =>
      (await t.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM leads WHERE deleted_at IS NULL`))[0]!.n;
    const leadRows = () => t.db.all(sql`SELECT * FROM leads ORDER BY id`);

    beforeEach(async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-cal-'));
      calendarFile = path.join(dir, 'calendar.ics');
      t = await createTestApp({ CALENDAR_ICS: calendarFile }, { engine });
      token = (await t.login()).access_token;
      writeCalendar([
        { uid: 'a', start: '20250304T140000Z', summary: 'Jane Doe' },
        { uid: 'b', start: '20250305T140000Z', summary: 'Cancelled: Tom Lee' },
        { uid: 'c', start: '20250306T140000Z', summary: 'Call Bob', description: 'Phone: 555' },
        { uid: 'april', start: '20250402T140000Z' },
      ]);
    });
    afterEach(() => t.close());

    it('runs calendar → spreadsheet → database and answers the result', async () => {
      const response = await execute(MARCH);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        message:
          'Synced 3 events: spreadsheet 3 rows written, 0 removed; database 3 created, 0 updated, 0 deleted.',
        eventsProcessed: 3,
        eventsCreated: 3,
        eventsUpdated: 0,
        eventsDeleted: 0,
        syncedCount: 3,
        spreadsheet: { written: 3, removed: 0 },
        startDate: '2025-03-01',
        endDate: '2025-03-31',
        timestamp: expect.any(String),
        runId: 1,
        problems: [],
      });
      expect(await leadCount()).toBe(3);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(t.config.spreadsheet.path);
      expect(workbook.getWorksheet('Leads')!.rowCount).toBe(3); // header + 2 formatted
      expect(workbook.getWorksheet('Unformatted')!.rowCount).toBe(2);
    });

    it('writes nothing on a re-run of the same range', async () => {
      await execute(MARCH);
      const sheetBefore = fs.readFileSync(t.config.spreadsheet.path);
      const rowsBefore = await leadRows();
      const versionBefore = await t.leads.dataVersion();
      const again = await execute(MARCH);
      expect(again.json()).toMatchObject({
        success: true,
        eventsCreated: 0,
        eventsUpdated: 0,
        eventsDeleted: 0,
        spreadsheet: { written: 0, removed: 0 },
        message: 'Nothing changed: 3 events already up to date.',
      });
      expect(await leadRows()).toEqual(rowsBefore);
      expect(await t.leads.dataVersion()).toBe(versionBefore);
      expect(fs.readFileSync(t.config.spreadsheet.path).equals(sheetBefore)).toBe(true);
    });

    it('reports what each step changed: a sheet behind the database is rewritten and said so', async () => {
      await execute(MARCH);
      fs.rmSync(t.config.spreadsheet.path); // as after a crash or a hand deletion
      expect((await execute(MARCH)).json()).toMatchObject({
        success: true,
        spreadsheet: { written: 3, removed: 0 },
        eventsCreated: 0,
        eventsUpdated: 0,
        message: 'Synced 3 events: spreadsheet 3 rows written, 0 removed; database already up to date.',
      });
    });

    it('reports what each step changed: a database behind the sheet is brought in line and said so', async () => {
      await execute(MARCH);
      // as a crashed run or a hand edit leaves it: the leads changed since the last run
      await t.db.batch([
        sql`UPDATE leads SET customer_name = 'stale', content_hash = ''`,
        sql`UPDATE data_versions SET version = version + 1 WHERE name = 'leads'`,
      ]);
      expect((await execute(MARCH)).json()).toMatchObject({
        success: true,
        spreadsheet: { written: 0, removed: 0 },
        eventsUpdated: 3,
        message: 'Synced 3 events: spreadsheet already up to date; database 0 created, 3 updated, 0 deleted.',
      });
    });

    it('a re-run after a hand edit of an unchanged event leaves the edit alone', async () => {
      await execute(MARCH);
      const [first] = (await t.app.inject({ url: '/api/leads', headers: bearer(token) })).json();
      await t.app.inject({
        method: 'PATCH',
        url: `/api/leads/${first.id}`,
        headers: bearer(token),
        payload: { customerName: 'By hand' },
      });
      expect((await execute(MARCH)).json()).toMatchObject({ eventsUpdated: 0 });
      const after = (await t.app.inject({ url: `/api/leads/${first.id}`, headers: bearer(token) })).json();
      expect(after.customerName).toBe('By hand');
    });

    it('writes the office’s values to the spreadsheet, and leaves out a lead deleted here', async () => {
      await execute(MARCH);
      const leads = (await t.app.inject({ url: '/api/leads', headers: bearer(token) })).json();
      const jane = leads.find((item: { customerName: string }) => item.customerName === 'Jane Doe');
      const tom = leads.find((item: { customerName: string }) => item.customerName === 'Tom Lee');
      await t.app.inject({
        method: 'PATCH',
        url: `/api/leads/${jane.id}`,
        headers: bearer(token),
        payload: { customerName: 'Jane Doe-Smith' },
      });
      await t.app.inject({ method: 'DELETE', url: `/api/leads/${tom.id}`, headers: bearer(token) });
      expect((await execute(MARCH)).json()).toMatchObject({ success: true, eventsUpdated: 0 });

      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(t.config.spreadsheet.path);
      const names: string[] = [];
      workbook.getWorksheet('Leads')!.eachRow((row) => names.push(String(row.values.toString())));
      expect(names.some((row) => row.includes('Jane Doe-Smith'))).toBe(true);
      expect(names.some((row) => row.includes('Tom Lee'))).toBe(false);
    });

    it('soft-deletes leads gone from the calendar inside the range', async () => {
      await execute(MARCH);
      writeCalendar([{ uid: 'a', start: '20250304T140000Z', summary: 'Jane Doe' }]);
      expect((await execute(MARCH)).json()).toMatchObject({ eventsDeleted: 2 });
      expect(await leadCount()).toBe(1);
    });

    it('accepts PascalCase dates and defaults to 5 days back and 15 ahead', async () => {
      expect((await execute({ StartDate: '2025-03-01', EndDate: '2025-03-31' })).json()).toMatchObject({
        eventsProcessed: 3,
      });
      const today = new Date();
      const day = (offset: number) =>
        new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + offset))
          .toISOString()
          .slice(0, 10);
      expect((await execute()).json()).toMatchObject({ startDate: day(-5), endDate: day(15) });
    });

    it.each([
      [{ startDate: '2025-03-31', endDate: '2025-03-01' }, 'The start date is after the end date.'],
      [{ startDate: '2020-01-01', endDate: '2025-03-01' }, 'The date range may span at most three years.'],
    ])('refuses %p with 400', async (payload, detail) => {
      const response = await execute(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe(detail);
      expect(await leadCount()).toBe(0);
    });

    it.each([
      { startDate: '2025-02-30', endDate: '2025-03-01' },
      { startDate: '03/01/2025', endDate: '2025-03-31' },
      { startDate: '2025-03-01' },
      { startDate: '2025-03-01', endDate: '2025-03-31', extra: 1 },
    ])('refuses malformed input %p with 400', async (payload) => {
      expect((await execute(payload)).statusCode).toBe(400);
    });

    it('answers 409 with the running run id to a second request while one runs', async () => {
      const [first, second] = await Promise.all([execute(MARCH), execute(MARCH)]);
      const statuses = [first.statusCode, second.statusCode].sort();
      expect(statuses).toEqual([200, 409]);
      const refused = first.statusCode === 409 ? first : second;
      expect(refused.json()).toMatchObject({ detail: 'A sync is already running (run 1).', runningRunId: 1 });
    });

    it('fails the run with a clear message and writes nothing when the calendar cannot be read', async () => {
      fs.writeFileSync(calendarFile, 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\n');
      const response = await execute(MARCH);
      expect(response.json()).toMatchObject({
        success: false,
        message: expect.stringMatching(/^The calendar file could not be read: /),
      });
      expect(await leadCount()).toBe(0);
      expect(fs.existsSync(t.config.spreadsheet.path)).toBe(false);
      expect(
        (await t.app.inject({ url: '/api/sync/history', headers: bearer(token) })).json().items[0],
      ).toMatchObject({ success: false, status: 'failed' });
    });

    it('reports status and history, newest first', async () => {
      await execute(MARCH);
      await execute({ startDate: '2025-04-01', endDate: '2025-04-30' });
      const status = (await t.app.inject({ url: '/api/sync/status', headers: bearer(token) })).json();
      expect(status).toEqual({
        isRunning: false,
        runningRunId: null,
        running: null,
        lastSync: expect.any(String),
        totalSyncs: 2,
        successfulSyncs: 2,
        failedSyncs: 0,
        startRoles: ['Admin', 'Manager'],
      });
      const history = (await t.app.inject({ url: '/api/sync/history', headers: bearer(token) })).json();
      expect(history).toMatchObject({ total: 2, page: 1, pageSize: 10 });
      expect(history.items.map((entry: { startDate: string }) => entry.startDate)).toEqual([
        '2025-04-01',
        '2025-03-01',
      ]);
      expect(history.items[0]).toMatchObject({
        success: true,
        message: expect.any(String),
        syncedCount: 1,
        timestamp: expect.any(String),
        trigger: 'api',
        source: 'calendar file calendar.ics',
        sink: 'spreadsheet leads.xlsx',
        stage: 'database',
      });
      const [admin] = await t.db.all<{ id: number; name: string }>(
        sql`SELECT id, full_name AS name FROM users`,
      );
      expect(history.items[0]).toMatchObject({
        userId: admin!.id,
        startedBy: admin!.name,
        durationMs: expect.any(Number),
      });
      const { startedAt, finishedAt, durationMs } = history.items[0];
      expect(durationMs).toBe(Date.parse(finishedAt) - Date.parse(startedAt));
    });

    it('pages the history: newest first, with the total', async () => {
      for (const day of ['01', '02', '03', '04', '05'])
        await execute({ startDate: `2025-03-${day}`, endDate: '2025-03-31' });
      const page = async (query: string) =>
        (await t.app.inject({ url: `/api/sync/history${query}`, headers: bearer(token) })).json();
      const second = await page('?page=2&pageSize=2');
      expect(second).toMatchObject({ total: 5, page: 2, pageSize: 2 });
      expect(second.items.map((entry: { startDate: string }) => entry.startDate)).toEqual([
        '2025-03-03',
        '2025-03-02',
      ]);
      expect((await page('?page=3&pageSize=2')).items).toHaveLength(1);
      expect((await page('?page=9&pageSize=2')).items).toEqual([]);
      for (const bad of ['?page=0', '?pageSize=101', '?page=x', '?limit=5']) {
        expect(
          (await t.app.inject({ url: `/api/sync/history${bad}`, headers: bearer(token) })).statusCode,
        ).toBe(400);
      }
    });
  });
});
