import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import path from 'node:path';
import type { SyncRange } from '@auditdesk/shared/core';
import { DEFAULT_CALENDAR_LIMITS } from '../../src/platform/config/calendarLimits';
import type { CalendarEvent } from '../../src/features/calendar/calendarEvent';
import { runSync, type SyncOutcome } from '../../src/features/sync/engine/runSync';
import { noProgress } from '../../src/features/sync/engine/syncProgress';
import { createXlsxSpreadsheet } from '../../src/features/sync/spreadsheet/xlsxSpreadsheet';
import { ENGINES } from '../../testkit/engines';
import { freshRun } from '../../testkit/builders/freshRun';
import { createTestApp, type TestApp } from '../../testkit/testApp';

const RANGE: SyncRange = { startDate: '2025-03-01', endDate: '2025-03-31' };

const event = (id: string, day: number, auditor = 'Sam Rivera'): CalendarEvent => ({
  leadId: id,
  summary: `Customer ${id}`,
  description: `Auditor: ${auditor}\nHouse Type: 2 Family\nPhone: (617) 555-01${String(day).padStart(2, '0')}`,
  url: '',
  location: '',
  start: new Date(Date.UTC(2025, 2, day, 14)),
  end: null,
  allDay: false,
  cancelled: false,
});

// leadIds whose order differs between JavaScript's sort (UTF-16) and SQLite's (UTF-8 bytes)
const CALENDAR = [
  event('b-lead', 3),
  event('a-lead', 4, 'Nobody Known'),
  event('lead-\u{1F600}', 5),
  event('lead-\uFFFD', 6),
  event('c-lead', 7),
  event('d-lead', 8),
  event('a-lead', 9), // the same leadId again: the later event wins, in the first one's place
];

/** A run of `events` handed on two at a time, as a reader thread hands them on. */
async function syncOnce(
  t: TestApp,
  events: CalendarEvent[],
  leadsInMemory: number | undefined,
  previous: SyncOutcome | null,
): Promise<SyncOutcome> {
  const run = await freshRun(t.db, RANGE);
  return runSync(
    {
      leads: t.leads,
      source: {
        description: 'test calendar',
        events: async (_range, _onWait, onEvents) => {
          for (let at = 0; at < events.length; at += 2) onEvents!(events.slice(at, at + 2));
          return { events: [], problems: [] };
        },
      },
      spreadsheet: createXlsxSpreadsheet(path.join(t.config.dataDir, 'leads.xlsx')),
      auditors: ['Sam Rivera', 'Alex Chen'],
      limits: DEFAULT_CALENDAR_LIMITS,
      leadsInMemory,
    },
    {
      ...run,
      previous: previous && {
        runHash: previous.runHash,
        sourceHash: null,
        eventsProcessed: previous.eventsProcessed,
      },
    },
    noProgress,
  );
}

async function sheetRows(t: TestApp) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path.join(t.config.dataDir, 'leads.xlsx'));
  return ['Leads', 'Unformatted'].map((name) => {
    const rows: unknown[][] = [];
    // the last column (lastSyncedAt, a time) left aside
    workbook.getWorksheet(name)?.eachRow((row) => rows.push((row.values as unknown[]).slice(1, -1)));
    return rows;
  });
}

const leadRows = (t: TestApp) =>
  t.db.all(
    sql`SELECT lead_id, customer_name, phone_number, auditor, deleted_at IS NOT NULL AS deleted FROM leads ORDER BY id`,
  );

/** The three runs on a fresh app: what each answered, the sheet and the leads after them. */
async function scenario(engine: (typeof ENGINES)[number], leadsInMemory: number | undefined) {
  const t = await createTestApp({}, { engine });
  try {
    const changed = [
      ...CALENDAR.filter((item) => item.leadId !== 'c-lead'),
      { ...event('d-lead', 8), summary: 'Customer renamed' },
      event('e-lead', 10),
    ];
    const first = await syncOnce(t, CALENDAR, leadsInMemory, null);
    const second = await syncOnce(t, changed, leadsInMemory, first);
    const again = await syncOnce(t, changed, leadsInMemory, second);
    return { outcomes: [first, second, again], sheets: await sheetRows(t), leads: await leadRows(t) };
  } finally {
    await t.close();
  }
}

// the fingerprints name the sheet file (its inode): equal only within one app
const comparable = (outcome: SyncOutcome) => ({ ...outcome, runHash: null, sourceHash: null });

describe.each(ENGINES)('a run whose leads are kept on disk, on %s', (engine) => {
  it('writes the same sheet and leads as one held in memory, and knows an unchanged calendar', async () => {
    const inMemory = await scenario(engine, undefined);
    const onDisk = await scenario(engine, 3);

    const [first, second, again] = onDisk.outcomes;
    expect(first).toMatchObject({ success: true, eventsProcessed: 6, eventsCreated: 6, sheetWritten: 6 });
    expect(second).toMatchObject({ eventsCreated: 1, eventsUpdated: 1, eventsDeleted: 1 });
    // nothing changed since: the run's fingerprint is the last one's, and nothing is written
    expect(again).toMatchObject({
      eventsCreated: 0,
      eventsUpdated: 0,
      sheetWritten: 0,
      runHash: second!.runHash,
    });
    expect(onDisk.outcomes.map(comparable)).toEqual(inMemory.outcomes.map(comparable));
    expect(onDisk.sheets).toEqual(inMemory.sheets);
    expect(onDisk.leads).toEqual(inMemory.leads);
    // in the order first read, the repeated leadId in its first place, a changed row in its own
    expect(onDisk.sheets[0]!.map((row) => row[0])).toEqual([
      'leadId',
      'b-lead',
      'a-lead',
      'lead-\u{1F600}',
      'lead-\uFFFD',
      'd-lead',
      'e-lead',
    ]);
  });
});
