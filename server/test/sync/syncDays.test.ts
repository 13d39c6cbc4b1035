import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/platform/db/database';
import { openDatabase } from '../../src/platform/db/openDatabase';
import { DEFAULT_CALENDAR_LIMITS } from '../../src/platform/config/calendarLimits';
import { createLeadsRepository } from '../../src/features/leads/repository/leadsRepository';
import { createIcsCalendarSource } from '../../src/features/calendar/ics/icsCalendarSource';
import { runSync } from '../../src/features/sync/engine/runSync';
import type { StepId, SyncProgress } from '../../src/features/sync/engine/syncProgress';
import { createXlsxSpreadsheet } from '../../src/features/sync/spreadsheet/xlsxSpreadsheet';
import { freshRun } from '../../testkit/builders/freshRun';
import { icsCalendar } from '../../testkit/builders/icsBuilder';

// Issue 37: a date written without VALUE=DATE (`DTSTART:20261201`) is a day like any all-day
// event (item 1), and the sync card writes its range's days as every screen does (item 20).

describe('a sync of days', () => {
  let dir: string;
  let db: Database;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-days-'));
    db = await openDatabase({ databasePath: path.join(dir, 'auditdesk.db') });
  });
  afterEach(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads a bare date as a day, and says its range as mm/dd/yyyy', async () => {
    const file = path.join(dir, 'calendar.ics');
    fs.writeFileSync(
      file,
      icsCalendar([
        { uid: 'bare@test', start: '20261201', summary: 'Bea Day' },
        { uid: 'timed@test', start: '20261202T140000Z', summary: 'Tim Ed' },
      ]),
    );
    const steps: [StepId, string][] = [];
    const progress: SyncProgress = {
      syncStarted: () => {},
      stepStarted: () => {},
      stepProgress: (step, _percentage, message) => steps.push([step, message]),
      stepCompleted: () => {},
      syncCompleted: () => {},
      syncError: () => {},
    };
    const range = { startDate: '2026-12-01', endDate: '2026-12-31' };
    const outcome = await runSync(
      {
        leads: createLeadsRepository(db),
        source: createIcsCalendarSource(file, 'America/New_York'),
        spreadsheet: createXlsxSpreadsheet(path.join(dir, 'leads.xlsx')),
        auditors: ['Sam Rivera'],
        limits: DEFAULT_CALENDAR_LIMITS,
      },
      await freshRun(db, range),
      progress,
    );
    expect(outcome).toMatchObject({ success: true, eventsCreated: 2 });
    expect(steps).toContainEqual(['calendar', '2 events between 12/01/2026 and 12/31/2026']);
    expect(
      await db.all(
        sql`SELECT lead_id AS leadId, scheduled_date AS scheduledDate, all_day AS allDay FROM leads ORDER BY lead_id`,
      ),
    ).toEqual([
      { leadId: 'bare@test', scheduledDate: '2026-12-01T00:00:00.000Z', allDay: 1 },
      { leadId: 'timed@test', scheduledDate: '2026-12-02T14:00:00.000Z', allDay: 0 },
    ]);
  });
});
