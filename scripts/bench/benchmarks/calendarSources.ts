import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../server/src/platform/config/loadConfig';
import { openDatabase } from '../../../server/src/platform/db/openDatabase';
import { runSync } from '../../../server/src/features/sync/engine/runSync';
import { noProgress } from '../../../server/src/features/sync/engine/syncProgress';
import { createSyncDependencies } from '../../../server/src/features/sync/syncSetup';
import { createGoogleSheetsSpreadsheet } from '../../../server/src/features/sync/spreadsheet/googleSheetsSpreadsheet';
import { startFakeGoogleApi, testGoogleAuth } from '../../../server/testkit/fakes/fakeGoogleApi';
import { fakeSheets } from '../../../server/testkit/fakes/fakeSheets';
import { icsCalendar, manyEvents } from '../../../server/testkit/builders/icsBuilder';
import { manyLeads, MARCH_2025 } from '../../../server/testkit/builders/leads';
import { startRadicale } from '../../../server/testkit/servers/radicale';
import { createLeadsRepository } from '../../../server/src/features/leads/repository/leadsRepository';
import { freshRun } from '../../../server/testkit/builders/freshRun';
import { sheetWrite } from '../../../server/testkit/builders/runHolds';
import { againstLimit, againstPeer, type Benchmark } from '../benchmark';
import { leadChunksOf } from '../../../server/src/features/leads/record/leadChunks';

const EVENTS = 10_000;
const RANGE = { startDate: '2025-01-01', endDate: '2027-12-31' }; // ten a day: 1,000 days

/** One full run (calendar → .xlsx → SQLite) with these settings, in a fresh data folder; its time. */
async function timedSync(env: Record<string, string>): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-bench-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, ...env });
  const db = await openDatabase(config);
  try {
    const started = performance.now();
    const outcome = await runSync(
      createSyncDependencies(config, createLeadsRepository(db)),
      await freshRun(db, RANGE),
      noProgress,
    );
    const ms = performance.now() - started;
    if (!outcome.success || outcome.eventsCreated !== EVENTS)
      throw new Error(`expected ${EVENTS} leads created, got: ${outcome.message}`);
    return ms;
  } finally {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A 10,000-event sync from a real Radicale (discovery, one calendar-query REPORT, each
 * object through the ICS reader), next to the same events synced from an .ics file in
 * the same run.
 */
export async function measureCaldavSync() {
  const events = icsCalendar(manyEvents(EVENTS));
  const radicale = await startRadicale();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-bench-ics-'));
  try {
    await radicale.putCalendar(`${radicale.accountUrl}audits/`, events);
    const file = path.join(dir, 'calendar.ics');
    fs.writeFileSync(file, events);
    const caldavMs = await timedSync({
      CALENDAR_SOURCE: 'caldav',
      CALDAV_URL: radicale.accountUrl,
      CALDAV_USERNAME: radicale.username,
      CALDAV_PASSWORD: radicale.password,
    });
    const icsMs = await timedSync({ CALENDAR_ICS: file });
    return {
      caldavMs: Math.round(caldavMs),
      icsMs: Math.round(icsMs),
      caldavLeadsPerSecond: Math.round((EVENTS * 1000) / caldavMs),
      icsLeadsPerSecond: Math.round((EVENTS * 1000) / icsMs),
    };
  } finally {
    await radicale.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The requests a first write of 10,000 rows makes to the Sheets API (the local stand-in). */
export async function countSheetsRequests() {
  const sheets = fakeSheets({ Leads: [], Unformatted: [] });
  const google = await startFakeGoogleApi(sheets.handler);
  try {
    const sink = createGoogleSheetsSpreadsheet({
      auth: await testGoogleAuth(),
      spreadsheetId: 'sheet-1',
      rootUrl: google.rootUrl,
    });
    await sink.write(leadChunksOf(manyLeads(EVENTS)), sheetWrite(MARCH_2025, new Date().toISOString()));
    if (sheets.sheets.Leads?.length !== EVENTS + 1)
      throw new Error(`the sheet holds ${sheets.sheets.Leads?.length} rows`);
    return {
      requests: google.requests.length,
      writeRequests: google.requests.filter((request) => request.method === 'POST').length,
    };
  } finally {
    await google.close();
  }
}

/**
 * A 10,000-event sync through CalDAV (a real Radicale) next to the same events from an
 * .ics file in the same run, and the requests a 10,000-row first write makes to the Sheets
 * API (quota: 60 writes a minute per user).
 */
export const calendarSourcesBenchmark: Benchmark = {
  name: 'calendar-sources',
  about:
    '10,000-event sync through CalDAV (Radicale) vs. the same events from .ics; Sheets requests for 10,000 rows',
  async run() {
    const caldav = await measureCaldavSync();
    const sheets = await countSheetsRequests();
    return [
      againstPeer(
        'CalDAV sync of 10,000 events from Radicale into .xlsx + SQLite',
        { value: caldav.caldavMs, unit: 'ms' },
        { name: 'same events from .ics', value: caldav.icsMs, unit: 'ms' },
        null,
        { 'under 15 s': caldav.caldavMs < 15_000 ? 'yes' : 'NO', 'leads/s': caldav.caldavLeadsPerSecond },
      ),
      againstLimit(
        'Google Sheets requests to write 10,000 rows',
        { value: sheets.requests, unit: 'requests' },
        '≤',
        10,
        { writes: sheets.writeRequests },
      ),
    ];
  },
};
