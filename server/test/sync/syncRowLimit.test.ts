import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_CALENDAR_LIMITS } from '../../src/platform/config/calendarLimits';
import type { CalendarEvent } from '../../src/features/calendar/calendarEvent';
import { runSync } from '../../src/features/sync/engine/runSync';
import { heldForGood } from '../../testkit/builders/runHolds';
import { noProgress } from '../../src/features/sync/engine/syncProgress';
import { createXlsxSpreadsheet } from '../../src/features/sync/spreadsheet/xlsxSpreadsheet';
import { ENGINES } from '../../testkit/engines';
import { createTestApp, type TestApp } from '../../testkit/testApp';

const event = (index: number): CalendarEvent => ({
  leadId: `row-${index}`,
  summary: `Customer ${index}`,
  description: 'Auditor: Sam Rivera\nHouse Type: 2 Family',
  url: '',
  location: '',
  start: new Date(Date.UTC(2025, 2, 1 + (index % 28), 14)),
  end: null,
  allDay: false,
  cancelled: false,
});

// An .xlsx sheet holds 1,048,576 rows; a run over that is refused before anything is written
// (here a sheet of 3 rows, the same check).
describe.each(ENGINES)('a sync over the rows an .xlsx sheet holds, on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({}, { engine });
  });
  afterEach(() => t.close());

  it('fails with that reason and writes neither the sheet nor the leads', async () => {
    const file = path.join(t.config.dataDir, 'rows.xlsx');
    const outcome = await runSync(
      {
        leads: t.leads,
        source: {
          description: 'test calendar',
          events: async () => ({ events: [0, 1, 2].map(event), problems: [] }),
        },
        spreadsheet: createXlsxSpreadsheet(file, { maxRows: 3 }),
        auditors: ['Sam Rivera'],
        limits: DEFAULT_CALENDAR_LIMITS,
      },
      {
        runId: 1,
        range: { startDate: '2025-03-01', endDate: '2025-03-31' },
        previous: null,
        hold: heldForGood(1),
      },
      noProgress,
    );
    expect(outcome).toMatchObject({
      success: false,
      message:
        "The 'Leads' sheet would hold 4 rows with its header, and an .xlsx sheet holds at most 3. Nothing was written: sync a shorter date range.",
    });
    expect(fs.existsSync(file)).toBe(false);
    expect(await t.db.all(sql`SELECT id FROM leads`)).toEqual([]);
  });
});
