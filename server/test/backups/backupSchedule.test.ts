import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withFolderLease } from '../../src/features/backups/snapshots/folderLease';
import { eventually } from '../../testkit/eventually';
import { createTestApp, type TestApp } from '../../testkit/testApp';

// Issue 36: snapshots on a schedule (BACKUP_CRON), and one snapshot or restore at a time among
// the instances that share the snapshot folder (and so the SQLite file).
describe('BACKUP_CRON on SQLite', () => {
  let t: TestApp;
  let stop: () => void = () => {};
  beforeEach(async () => {
    // croner's six fields: every second, so the test sees a run without waiting an hour
    t = await createTestApp({ BACKUP_CRON: '* * * * * *' }, { engine: 'sqlite' });
  });
  afterEach(async () => {
    stop();
    await t.services.backups.settled();
    await t.close();
  });

  it('takes a verified point on the schedule, and none again while nothing changed', async () => {
    await t.db.batch([sql`UPDATE users SET notes = 'scheduled'`]);
    stop = t.services.backups.schedule();
    const scheduled = async () =>
      (await t.services.backups.overview()).points.filter((point) => point.kind === 'schedule');
    await eventually(async () => expect(await scheduled()).toHaveLength(1), { attempts: 60 });
    // later runs find the data version unchanged: still one point
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect(await scheduled()).toHaveLength(1);
  });
});

describe('the snapshot folder lease', () => {
  it('lets one holder at a time work, refuses the other meanwhile, and frees the folder after', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-lease-'));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = withFolderLease(dir, async () => {
      await held;
      return 'first';
    });
    // the other instance does not wait: it is told the folder is busy
    expect(await withFolderLease(dir, async () => 'second')).toBeNull();
    // one that waits gets its turn once the first is done
    const waiting = withFolderLease(dir, async () => 'third', { waitMs: 5_000 });
    release();
    expect(await first).toEqual({ value: 'first' });
    expect(await waiting).toEqual({ value: 'third' });
    expect(fs.readdirSync(dir)).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
