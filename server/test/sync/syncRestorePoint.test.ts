import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SyncProgress } from '../../src/features/sync/engine/syncProgress';
import { BackupBusy } from '../../src/features/backups/backupService';
import { RESTORE_UNDER_WAY } from '../../src/features/backups/backupMessages';
import { icsCalendar } from '../../testkit/builders/icsBuilder';
import { createTestApp, type TestApp } from '../../testkit/testApp';
import { eventually } from '../../testkit/eventually';
import { gate, MARCH } from '../../testkit/instances/syncInstances';

/** The steps a run announces, in order (`/step` when one ends). */
function stepsOf(steps: string[]): SyncProgress {
  return {
    syncStarted: () => steps.push('start'),
    stepStarted: (step) => steps.push(step),
    stepProgress: () => {},
    stepCompleted: (step) => steps.push(`/${step}`),
    syncCompleted: (success) => steps.push(success ? 'end' : 'failed'),
    syncError: () => {},
  };
}

// Issue 39: the restore point before a run is taken while the calendar is read, and the run writes only once it is.
describe('the restore point before a sync', () => {
  let t: TestApp;
  let dir: string;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-restore-point-'));
    const calendar = path.join(dir, 'calendar.ics');
    fs.writeFileSync(
      calendar,
      icsCalendar([
        { uid: 'a@test', start: '20250310T140000Z', summary: 'Ann Lee' },
        { uid: 'b@test', start: '20250311T140000Z', summary: 'Bo Chan' },
      ]),
    );
    t = await createTestApp({ CALENDAR_ICS: calendar });
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is under way while the calendar is read, and the spreadsheet and the database wait for it', async () => {
    const point = gate();
    const steps: string[] = [];
    let stepsWhenTaken: string[] = [];
    jest.spyOn(t.services.backups, 'beforeSync').mockImplementation(async () => {
      await point.wait();
      stepsWhenTaken = [...steps];
    });
    const run = t.services.sync.execute(MARCH, 'cli', null, stepsOf(steps));
    await point.arrived;
    // the calendar is read meanwhile; nothing is written before the point is whole
    await eventually(() => expect(steps).toContain('/calendar'), { attempts: 30 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(steps).toEqual(['start', 'calendar', '/calendar']);
    expect(fs.existsSync(t.config.spreadsheet.path)).toBe(false);
    point.open();
    expect(await run).toMatchObject({ success: true, eventsCreated: 2 });
    expect(stepsWhenTaken).toEqual(['start', 'calendar', '/calendar']);
    expect(steps.slice(3)).toEqual(['spreadsheet', '/spreadsheet', 'database', '/database', 'end']);
  });

  it('refused (a restore under way), fails the run, which writes neither the spreadsheet nor the leads', async () => {
    jest.spyOn(t.services.backups, 'beforeSync').mockRejectedValue(new BackupBusy(RESTORE_UNDER_WAY));
    const steps: string[] = [];
    const result = await t.services.sync.execute(MARCH, 'cli', null, stepsOf(steps));
    expect(result).toMatchObject({ success: false, message: RESTORE_UNDER_WAY, eventsCreated: 0 });
    expect(steps).not.toContain('spreadsheet');
    expect(steps.at(-1)).toBe('failed');
    expect(fs.existsSync(t.config.spreadsheet.path)).toBe(false);
    expect(await t.leads.list(true)).toEqual([]);
  });
});
