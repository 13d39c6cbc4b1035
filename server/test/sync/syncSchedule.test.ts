import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { RESTORE_UNDER_WAY } from '../../src/features/backups/backupMessages';
import { BackupBusy } from '../../src/features/backups/backupService';
import { startSync } from '../../src/features/sync/syncStartup';
import { freePort } from '../../testkit/freePort';
import { icsCalendar } from '../../testkit/builders/icsBuilder';
import { eventually } from '../../testkit/eventually';
import { createTestApp } from '../../testkit/testApp';

const today = new Date();
const day = (offset: number) =>
  new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + offset, 14))
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

describe('sync at start and on a schedule', () => {
  it('imports the generated demo calendar once, on a new database', async () => {
    const t = await createTestApp();
    await startSync(t.services.sync, t.config, t.app.log);
    const runs = await t.services.sync.history();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ success: true, trigger: 'first-start' });
    expect(runs[0]!.syncedCount).toBeGreaterThan(2000);
    await startSync(t.services.sync, t.config, t.app.log); // a restart imports nothing again
    expect(await t.services.sync.history()).toHaveLength(1);
    await t.close();
  }, 30_000);

  it('runs the default window on SYNC_CRON, reading the calendar from a URL', async () => {
    const port = await freePort();
    const calendar = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/calendar' }).end(
        icsCalendar([
          { uid: 'soon', start: day(2) },
          { uid: 'far', start: day(40) },
        ]),
      );
    });
    await new Promise<void>((resolve) => calendar.listen(port, '127.0.0.1', resolve));
    const t = await createTestApp({
      CALENDAR_ICS: `http://127.0.0.1:${port}/audits.ics`,
      SYNC_CRON: '* * * * * *',
    });
    const stopSchedule = await startSync(t.services.sync, t.config, t.app.log);

    const deadline = Date.now() + 5000;
    const finished = async () =>
      (await t.services.sync.history()).filter((entry) => entry.status !== 'running');
    while ((await finished()).length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const [run] = await finished();
    expect(run).toMatchObject({ trigger: 'schedule', success: true, syncedCount: 1 }); // only the one inside 5 back / 15 ahead
    stopSchedule();
    await new Promise((resolve) => setTimeout(resolve, 300)); // let a run that just started finish
    await t.close();
    calendar.close();
  }, 15_000);

  it('skips a scheduled run while a restore is under way, saying so (not a failure)', async () => {
    const t = await createTestApp({ SYNC_CRON: '* * * * * *' });
    jest.spyOn(t.services.backups, 'refuseWhileRestoring').mockImplementation(() => {
      throw new BackupBusy(RESTORE_UNDER_WAY);
    });
    const warn = jest.spyOn(t.app.log, 'warn');
    const error = jest.spyOn(t.app.log, 'error');
    const stopSchedule = await startSync(t.services.sync, t.config, t.app.log);
    expect(warn).toHaveBeenCalledWith({ reason: RESTORE_UNDER_WAY }, 'demo calendar not imported now');
    await eventually(() =>
      expect(warn).toHaveBeenCalledWith({ reason: RESTORE_UNDER_WAY }, 'scheduled sync skipped'),
    );
    stopSchedule();
    expect(error).not.toHaveBeenCalled();
    expect(await t.services.sync.history()).toHaveLength(0);
    await t.close();
  });

  it('explains an unreachable calendar URL', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-url-'));
    const t = await createTestApp({ CALENDAR_ICS: 'http://127.0.0.1:1/none.ics', DATA_DIR: dir });
    const result = await t.services.sync.execute(
      { startDate: '2025-01-01', endDate: '2025-01-31' },
      'cli',
      null,
    );
    expect(result).toMatchObject({
      success: false,
      message: expect.stringMatching(/^The ICS calendar at 127\.0\.0\.1:1 could not be fetched: /),
    });
    await t.close();
  });

  it('refuses a bad SYNC_CRON at start, naming it', async () => {
    await expect(createTestApp({ SYNC_CRON: 'every day' })).rejects.toThrow(
      /SYNC_CRON: .*\(got "every day"\)/,
    );
  });
});
