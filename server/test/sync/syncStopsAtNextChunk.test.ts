import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { noProgress } from '../../src/features/sync/engine/syncProgress';
import { STALLED } from '../../src/features/sync/runs/syncRunsRepository';
import { createXlsxSpreadsheet } from '../../src/features/sync/spreadsheet/xlsxSpreadsheet';
import { createTestApp, type TestApp } from '../../testkit/testApp';
import { MARCH, marchEvents, syncInstance, testCalendar } from '../../testkit/instances/syncInstances';

// Issue 35, item 13: a run failed as stalled went on staging ~100,000 rows on D1 for 4.5 min
// after its verdict, and left them until the next run. A run that is no longer `running`
// stops at its next chunk and leaves nothing staged behind.
describe('a run failed by another instance during its database step', () => {
  let t: TestApp;
  let dir: string;
  afterEach(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const count = async (table: string) =>
    (await t.db.all<{ n: number }>(sql.raw(`SELECT count(*) AS n FROM ${table}`)))[0]!.n;
  const failAsStalled = () =>
    t.db.batch([sql`UPDATE sync_runs SET status = 'failed', message = ${STALLED} WHERE status = 'running'`]);

  it('on SQLite: stops at the check after the chunk it was comparing, staging nothing more, and leaves no staged rows', async () => {
    t = await createTestApp({}, { engine: 'sqlite' });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-next-chunk-'));
    const instance = syncInstance({
      db: t.db,
      leads: t.leads,
      source: testCalendar(marchEvents('Kerosene', 9000)),
      spreadsheet: createXlsxSpreadsheet(path.join(dir, 'leads.xlsx')),
      leaseMs: 60_000,
      stallMs: 600_000,
    });
    const afterVerdict: string[] = [];
    let failed = false;
    const result = await instance.execute(MARCH, 'schedule', null, {
      ...noProgress,
      stepProgress: (step, _percentage, message) => {
        if (step !== 'database') return;
        if (failed) afterVerdict.push(message);
        else if (message.startsWith('Compared')) {
          // another instance fails it after its first chunk of 2,000 (better-sqlite3: at once)
          void failAsStalled();
          failed = true;
        }
      },
    });
    expect(failed).toBe(true);
    expect(result).toMatchObject({ success: false, message: STALLED });
    expect(afterVerdict).toEqual([]);
    expect(await count('temp.sync_run_rows')).toBe(0);
    expect(await count('leads_staging')).toBe(0);
    expect(await count('leads')).toBe(0);
  }, 30_000);

  it('on D1: the chunk sent after the verdict is refused, the run stops there, and what it staged before is removed at once', async () => {
    t = await createTestApp({}, { engine: 'd1' });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-next-chunk-'));
    const d1 = t.d1!;
    // comments of 1,000 characters: ~3.5 MB of rows, staged in four chunks of up to 1 MB
    const instance = syncInstance({
      db: t.db,
      leads: t.leads,
      source: testCalendar(marchEvents('Kerosene', 3000, 1000)),
      spreadsheet: createXlsxSpreadsheet(path.join(dir, 'leads.xlsx')),
      leaseMs: 60_000,
      stallMs: 600_000,
    });
    const isStaging = (call: { sql: string[] }) =>
      call.sql[0]?.startsWith('INSERT OR REPLACE INTO leads_staging') ?? false;
    const stagingBefore = d1.calls.filter(isStaging).length;
    let staged = 0;
    // another instance fails the run as its second chunk reaches D1 (before D1 runs it)
    const unwatch = d1.watch((call) => {
      if (isStaging(call) && ++staged === 2)
        void d1.engine.execute([
          {
            sql: `UPDATE sync_runs SET status = 'failed', message = ? WHERE status = 'running'`,
            params: [STALLED],
          },
        ]);
    });
    try {
      const result = await instance.execute(MARCH, 'schedule', null);
      expect(result).toMatchObject({ success: false, message: STALLED });
    } finally {
      unwatch();
    }
    expect(d1.calls.filter(isStaging).length - stagingBefore).toBe(2);
    expect(await count('leads_staging')).toBe(0);
    expect(await count('leads')).toBe(0);
  }, 60_000);
});
