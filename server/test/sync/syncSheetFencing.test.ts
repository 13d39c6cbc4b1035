import ExcelJS from 'exceljs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createGoogleSheetsSpreadsheet } from '../../src/features/sync/spreadsheet/googleSheetsSpreadsheet';
import type { SpreadsheetSink } from '../../src/features/sync/spreadsheet/spreadsheetSink';
import { createXlsxSpreadsheet } from '../../src/features/sync/spreadsheet/xlsxSpreadsheet';
import { ENGINES } from '../../testkit/engines';
import { startFakeGoogleApi, testGoogleAuth } from '../../testkit/fakes/fakeGoogleApi';
import type { FakeHandler, FakeHttpApi } from '../../testkit/fakes/fakeHttpApi';
import { fakeSheets } from '../../testkit/fakes/fakeSheets';
import { createTestApp, type TestApp } from '../../testkit/testApp';
import {
  frozenInSpreadsheetStep,
  gate,
  MARCH,
  marchEvents,
  sleep,
  syncInstance,
  testCalendar,
} from '../../testkit/instances/syncInstances';

/** How long a run may go without progress before the other instance fails it as stalled. */
const STALL_MS = 400;
const LEASE_MS = 60_000;

/** A spreadsheet both instances write: how each opens it, and what it holds (the Leads sheet's customer names). */
interface SharedSheet {
  sink: () => Promise<SpreadsheetSink>;
  names: () => Promise<string[]>;
  /** What a run leaves beside or inside it besides the sheet itself (temp files, scratch sheets). */
  leftovers: () => string[];
  /** Sheets only: a request a test keeps waiting before it reaches Google. */
  hold?: (which: (path: string) => boolean) => ReturnType<typeof gate>;
  close: () => Promise<void>;
}

async function sharedXlsx(): Promise<SharedSheet> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-fenced-'));
  const file = path.join(dir, 'leads.xlsx');
  return {
    sink: async () => createXlsxSpreadsheet(file),
    async names() {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(file);
      const names: string[] = [];
      workbook.getWorksheet('Leads')!.eachRow((row, number) => {
        if (number > 1) names.push(String(row.getCell(2).value));
      });
      return names;
    },
    leftovers: () => fs.readdirSync(dir).filter((name) => name !== 'leads.xlsx'),
    close: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

async function sharedGoogleSheet(): Promise<SharedSheet> {
  const sheets = fakeSheets({ Leads: [], Unformatted: [] });
  let held: { which: (path: string) => boolean; at: ReturnType<typeof gate> } | null = null;
  const handler: FakeHandler = async (request) => {
    if (held?.which(request.path)) {
      const { at } = held;
      held = null;
      await at.wait();
    }
    return sheets.handler(request);
  };
  const google: FakeHttpApi = await startFakeGoogleApi(handler);
  return {
    sink: async () =>
      createGoogleSheetsSpreadsheet({
        auth: await testGoogleAuth(),
        spreadsheetId: 'sheet-1',
        rootUrl: google.rootUrl,
      }),
    names: async () => (sheets.sheets.Leads ?? []).slice(1).map((row) => row[1]!),
    leftovers: () =>
      sheets.properties
        .map((sheet) => sheet.title)
        .filter((title) => title !== 'Leads' && title !== 'Unformatted'),
    hold(which) {
      const at = gate();
      held = { which, at };
      return at;
    },
    close: () => google.close(),
  };
}

const SINKS = [
  ['an .xlsx file', sharedXlsx],
  ['a Google sheet', sharedGoogleSheet],
] as const;

// Issue 35, item 11: instance A frozen in its spreadsheet step, resumed after B's newer run had
// succeeded, replaced B's .xlsx with its older calendar. Only the run that still holds the
// lease replaces the spreadsheet, and a failed run's partial output never replaces it.
describe.each(ENGINES)('on %s', (engine) => {
  describe.each(SINKS)('%s', (_name, open) => {
    let t: TestApp;
    let sheet: SharedSheet;
    beforeEach(async () => {
      t = await createTestApp({}, { engine });
      sheet = await open();
    });
    afterEach(async () => {
      await sheet.close();
      await t.close();
    });

    const leadNames = async () =>
      (
        await t.db.all<{ name: string }>(
          sql`SELECT customer_name AS name FROM leads WHERE deleted_at IS NULL ORDER BY lead_id`,
        )
      ).map((row) => row.name.split(' ')[0]);

    it('a run frozen in its spreadsheet step and failed as stalled meanwhile does not replace the newer run’s output when it wakes; its failure is told once', async () => {
      const frozen = gate();
      const a = syncInstance({
        db: t.db,
        leads: frozenInSpreadsheetStep(t.leads, frozen),
        source: testCalendar(marchEvents('Kerosene', 300)),
        spreadsheet: await sheet.sink(),
        leaseMs: LEASE_MS,
        stallMs: 600_000,
      });
      const b = syncInstance({
        db: t.db,
        leads: t.leads,
        source: testCalendar(marchEvents('Propane', 299)),
        spreadsheet: await sheet.sink(),
        leaseMs: LEASE_MS,
        stallMs: STALL_MS,
      });

      const runA = a.execute(MARCH, 'schedule', null);
      await frozen.arrived;
      await sleep(STALL_MS + 200);
      // B fails A as stalled (A's instance lives on, unaware) and runs a newer calendar to the end
      const byB = await b.execute(MARCH, 'api', null);
      expect(byB).toMatchObject({ success: true, eventsCreated: 299 });
      const afterB = await sheet.names();
      expect(afterB).toHaveLength(299);
      expect(new Set(afterB)).toEqual(new Set(afterB.filter((name) => name.startsWith('Propane'))));

      frozen.open();
      const byA = await runA;
      expect(byA.success).toBe(false);
      expect(byA.message).toMatch(/^Stalled/); // the verdict that failed it, as recorded
      expect(await sheet.names()).toEqual(afterB);
      expect(sheet.leftovers()).toEqual([]);
      expect(new Set(await leadNames())).toEqual(new Set(['Propane']));

      // item 14: A's end told once, by B (that failed it), with A's run id; A's instance is silent
      const endsOfA = [...a.heard, ...b.heard].filter(
        ([event, ...args]) =>
          (event === 'SyncCompleted' || event === 'SyncError') && args.at(-1) === byA.runId,
      );
      expect(endsOfA.map(([event]) => event)).toEqual(['SyncError', 'SyncCompleted']);
      expect(a.notified).toEqual([]);
      expect(b.notified.map((told) => told.success)).toEqual([false, true]);
    }, 60_000);

    if (open === sharedGoogleSheet)
      it('a run frozen while its rows are on their way to Sheets lands nothing in the live sheets when the request arrives after the newer run', async () => {
        // A's first batch of rows reaches Google only when the test says so
        const inFlight = sheet.hold!((requestPath) => requestPath.endsWith('values:batchUpdate'));
        const a = syncInstance({
          db: t.db,
          leads: t.leads,
          source: testCalendar(marchEvents('Kerosene', 300)),
          spreadsheet: await sheet.sink(),
          leaseMs: LEASE_MS,
          stallMs: 600_000,
        });
        const b = syncInstance({
          db: t.db,
          leads: t.leads,
          source: testCalendar(marchEvents('Propane', 299)),
          spreadsheet: await sheet.sink(),
          leaseMs: LEASE_MS,
          stallMs: STALL_MS,
        });
        const runA = a.execute(MARCH, 'schedule', null);
        await inFlight.arrived;
        await sleep(STALL_MS + 200);
        expect(await b.execute(MARCH, 'api', null)).toMatchObject({ success: true, eventsCreated: 299 });
        const afterB = await sheet.names();

        inFlight.open();
        const byA = await runA;
        expect(byA.success).toBe(false);
        expect(await sheet.names()).toEqual(afterB);
        expect(sheet.leftovers()).toEqual([]);
      }, 60_000);
  });
});
