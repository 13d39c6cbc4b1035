import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../testkit/testApp';

const workOf = (t: TestApp) => path.join(t.config.backups.dir, '.work');
const inWork = (t: TestApp) => (fs.existsSync(workOf(t)) ? fs.readdirSync(workOf(t)) : []);

/**
 * An index of a table made for it that no longer matches its rows (its definition changed
 * under it): the database opens and reads, integrity_check complains.
 */
function breakAnIndex(t: TestApp): void {
  const connection = t.db.sqlite!.connection();
  connection.exec(
    `CREATE TABLE scratch (x TEXT); CREATE INDEX scratch_x ON scratch (x);
     WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200) INSERT INTO scratch SELECT 'row ' || i FROM n`,
  );
  connection.unsafeMode(true);
  connection.pragma('writable_schema = ON');
  connection
    .prepare(
      "UPDATE sqlite_master SET sql = 'CREATE INDEX scratch_x ON scratch (x DESC)' WHERE name = 'scratch_x'",
    )
    .run();
  connection.pragma('writable_schema = OFF');
  connection.unsafeMode(false);
}

// Issue 36: a change one undo cannot take back waits for a copy of the database only; the copy
// is checked, compressed, encrypted and read back after, and offered as a restore point only then.
describe('the restore point before a change', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ BACKUP_KEY: 'a passphrase for the test' }, { engine: 'sqlite' });
  });
  afterEach(() => t.close());

  it('lets the change go on once the copy is on the disk, and offers the point once it is verified', async () => {
    await t.db.batch([sql`UPDATE users SET notes = 'before the change'`]);
    const before = (await t.services.backups.overview()).points.length;

    await t.services.backups.beforeChange('bulk', 'Before a bulk change of 6 leads by the test');
    // the change may go on now: the copy is synced and marked whole (a restart would verify it)…
    expect(inWork(t).filter((entry) => entry.endsWith('.captured'))).toHaveLength(1);
    // …but it is no restore point before it is verified
    expect((await t.services.backups.overview()).points).toHaveLength(before);

    await t.services.backups.settled();
    const { points } = await t.services.backups.overview();
    expect(points).toHaveLength(before + 1);
    expect(points[0]).toMatchObject({
      kind: 'bulk',
      reason: 'Before a bulk change of 6 leads by the test',
      encrypted: true,
      verification: expect.stringMatching(/^integrity_check ok; read back whole/),
    });
    expect(inWork(t)).toEqual([]);
  });

  it('keeps aside a copy that fails its check after the change went on, and tells the Admins', async () => {
    breakAnIndex(t);
    await t.services.backups.beforeChange('import', 'Before the import of office.csv by the test');
    await t.services.backups.settled();
    const overview = await t.services.backups.overview();
    expect(overview.points.some((point) => point.kind === 'import')).toBe(false);
    expect(overview.failed).toEqual([
      expect.objectContaining({
        reason: 'Before the import of office.csv by the test',
        problem: expect.stringMatching(/^integrity_check: row 1 missing from index scratch_x/),
      }),
    ]);
    const bells = await t.db.all<{ title: string }>(
      sql`SELECT title FROM notifications WHERE kind = 'backup-failed'`,
    );
    expect(bells).toEqual([{ title: 'A snapshot failed its check' }]);
    expect(inWork(t)).toEqual([]);
  });
});
