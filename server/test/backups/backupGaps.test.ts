import { BULK_RESTORE_POINT_OVER } from '@auditdesk/shared/core';
import * as signalR from '@microsoft/signalr';
import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import { knownMigrations } from '../../src/platform/db/migrationState';
import { eventually } from '../../testkit/eventually';
import { freePort } from '../../testkit/freePort';
import { RESTORE_UNDER_WAY } from '../../src/features/backups/backupMessages';
import { ENGINES } from '../../testkit/engines';
import { lead } from '../../testkit/builders/leads';
import { syncLeads } from '../../testkit/builders/syncLeads';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';

const snapshotFiles = (t: TestApp) =>
  fs.existsSync(t.config.backups.dir)
    ? fs.readdirSync(t.config.backups.dir).filter((entry) => !entry.startsWith('.'))
    : [];

const notes = async (t: TestApp) =>
  (await t.db.all<{ notes: string | null }>(sql`SELECT notes FROM users ORDER BY id`))[0]!.notes;

// Issue 36: SQLite's data_version is compared: a database unchanged since the newest snapshot
// gives no second snapshot (D1's bookmarks cost nothing, so every request records one).
describe('"Back up now" of an unchanged database on SQLite', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({}, { engine: 'sqlite' });
  });
  afterEach(() => t.close());

  it('answers the newest point as unchanged, and writes no new file', async () => {
    await t.db.batch([sql`UPDATE users SET notes = 'once'`]);
    const first = await t.services.backups.backUpNow('the test');
    expect(first.unchanged).toBe(false);
    const files = snapshotFiles(t);
    expect(files.length).toBeGreaterThan(0);

    const second = await t.services.backups.backUpNow('the test');
    expect(second).toEqual({ point: first.point, unchanged: true });
    expect(snapshotFiles(t)).toEqual(files);
    expect((await t.services.backups.overview()).points.map((point) => point.name)).toEqual([
      first.point.name,
    ]);

    // a change since: a new point
    await t.db.batch([sql`UPDATE users SET notes = 'twice'`]);
    const third = await t.services.backups.backUpNow('the test');
    expect(third.unchanged).toBe(false);
    expect(third.point.name).not.toBe(first.point.name);
  });
});

describe.each(ENGINES)('backups and restores on %s', (engine) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeEach(async () => {
    t = await createTestApp({}, { engine });
    admin = bearer((await t.login()).access_token);
  });
  afterEach(() => t.close());

  const pointKinds = async () => (await t.services.backups.overview()).points.map((point) => point.kind);

  // DESIGN.md section 22: a bulk change of a handful of leads is taken back by its undo; one of more needs a point too
  it(`takes no restore point before a bulk change of ${BULK_RESTORE_POINT_OVER} leads, and one before a change of ${BULK_RESTORE_POINT_OVER + 1}`, async () => {
    const count = BULK_RESTORE_POINT_OVER + 1;
    await syncLeads(
      t,
      Array.from({ length: count }, (_, n) =>
        lead({
          leadId: `gap-${n}@test`,
          customerName: `Customer ${n}`,
          scheduledDate: new Date().toISOString(),
        }),
      ),
      { from: 0, to: 0 },
      new Date().toISOString(),
    );
    const list = async () =>
      (
        await t.app.inject({ url: '/api/leads?excludeCalendarNotFormatted=false', headers: admin })
      ).json() as { id: number; version: number }[];
    const bulk = async (leads: { id: number; version: number }[], status: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/leads/bulk',
        headers: admin,
        payload: { leads: leads.map(({ id, version }) => ({ id, version })), change: { status } },
      });

    const few = await bulk((await list()).slice(0, BULK_RESTORE_POINT_OVER), 'Completed');
    expect(few.statusCode).toBe(200);
    await t.services.backups.settled();
    expect(await pointKinds()).not.toContain('bulk');

    const many = await bulk((await list()).slice(0, count), 'Cancelled');
    expect(many.statusCode).toBe(200);
    await t.services.backups.settled();
    const { points } = await t.services.backups.overview();
    expect(points.filter((point) => point.kind === 'bulk')).toEqual([
      expect.objectContaining({ reason: `Before a bulk change of ${count} leads by Administrator` }),
    ]);
  });

  it('refuses a restore while a sync runs (409), and restores nothing', async () => {
    await t.db.batch([sql`UPDATE users SET notes = 'at the point'`]);
    const { point } = await t.services.backups.backUpNow('the test');
    await t.db.batch([sql`UPDATE users SET notes = 'kept'`]);
    const run = await t.services.sync.runs.start(
      { startDate: '2025-03-01', endDate: '2025-03-31' },
      'cli',
      null,
      {
        source: 'test calendar',
        sink: 'none',
      },
    );

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/backups/restore',
      headers: admin,
      payload: { point: point.name },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      detail: expect.stringMatching(
        /^The database cannot be restored while a sync runs: .*Try again when it is done\.$/,
      ),
      runningRunId: run.id,
    });
    expect(await notes(t)).toBe('kept');
    expect((await t.services.backups.overview()).restores).toEqual([]);
  });

  it('refuses a sync that starts while a restore runs, and the restore completes', async () => {
    await t.db.batch([sql`UPDATE users SET notes = 'at the point'`]);
    const { point } = await t.services.backups.backUpNow('the test');
    await t.db.batch([sql`UPDATE users SET notes = 'now'`]);

    const restoring = t.services.backups.restore({ point: point.name }, 'the test');
    expect(t.services.backups.isRestoring()).toBe(true);
    const sync = await t.app.inject({
      method: 'POST',
      url: '/api/sync/execute',
      headers: admin,
      payload: { startDate: '2025-03-01', endDate: '2025-03-31' },
    });
    await restoring;
    expect(sync.statusCode).toBe(409);
    expect(sync.json()).toMatchObject({ detail: RESTORE_UNDER_WAY });
    expect(await notes(t)).toBe('at the point');
    // the restore over, a sync starts again
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/sync/execute',
      headers: admin,
      payload: { startDate: '2025-03-01', endDate: '2025-03-31' },
    });
    expect(after.statusCode).toBe(200);
  });

  // a point made by the release before: the restore brings it to this code's schema
  it('migrates a point made before the newest migration forward, to the schema of the code', async () => {
    // 0027 added leads.all_day: the database as the release before it left it
    // its row goes with those of any later one, so all of them run again on the restored
    // database (a later migration that cannot run twice is to be undone here too)
    const newest = knownMigrations().find((migration) => migration.tag === '0027_lead_all_day')!;
    const forward = knownMigrations()
      .filter((migration) => migration.when >= newest.when)
      .map((migration) => migration.tag);
    await t.db.batch([
      // 0028 replaced the grid's index (one on all_day) by another: undone first, as 0008 left it
      sql`DROP INDEX leads_grid_week_idx`,
      sql.raw(
        'CREATE INDEX `leads_grid_nocase_idx` ON `leads` ("auditor" COLLATE NOCASE,`scheduled_date`,`week`,`status`,`referred_by`,`heating_fuel`,`provider`,`house_type`) WHERE deleted_at IS NULL AND is_formatted = 1',
      ),
      sql`ALTER TABLE leads DROP COLUMN all_day`,
      sql`DELETE FROM __drizzle_migrations WHERE created_at >= ${newest.when}`,
    ]);
    const { point } = await t.services.backups.backUpNow('the test');
    expect(await t.db.migrate()).toEqual(forward);

    const record = await t.services.backups.restore({ point: point.name }, 'the test');
    expect(record.migrated).toEqual(forward);
    const [applied] = await t.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM __drizzle_migrations`);
    expect(applied!.n).toBe(knownMigrations().length);
    const columns = await t.db.all<{ name: string }>(sql`SELECT name FROM pragma_table_info('leads')`);
    expect(columns.map((column) => column.name)).toContain('all_day');
    expect((await t.services.backups.overview()).restores[0]).toMatchObject({ migrated: forward });
  });

  it("rings the Admins' bells with who restored which point, and tells every open tab", async () => {
    const port = await freePort();
    await t.app.listen({ port, host: '127.0.0.1' });
    const tab = new signalR.HubConnectionBuilder()
      .withUrl(`http://127.0.0.1:${port}/hubs/sync`, {
        transport: signalR.HttpTransportType.WebSockets,
        accessTokenFactory: () => admin.authorization!.slice('Bearer '.length),
      })
      .configureLogging(signalR.LogLevel.None)
      .build();
    const told = new Promise<unknown[]>((resolve, reject) => {
      tab.on('DataRestored', (...args) => resolve(args));
      setTimeout(() => reject(new Error('no DataRestored on the hub')), 3_000).unref();
    });
    await tab.start();
    try {
      await t.db.batch([sql`UPDATE users SET notes = 'at the point'`]);
      const { point } = await t.services.backups.backUpNow('the test');
      const restored = await t.app.inject({
        method: 'POST',
        url: '/api/backups/restore',
        headers: admin,
        payload: { point: point.name },
      });
      expect(restored.statusCode).toBe(200);
      const record = restored.json() as { at: string; undoPoint: string };
      const by = 'Administrator <admin@example.com>';

      expect(await told).toEqual([{ point: point.name, reason: 'Requested by the test', by, at: record.at }]);
      const bells = await eventually(async () => {
        const rows = await t.db.all<{ role: string; title: string; message: string }>(
          sql`SELECT role, title, message FROM notifications WHERE kind = 'data-restored'`,
        );
        expect(rows).toHaveLength(1);
        return rows;
      });
      expect(bells).toEqual([
        {
          role: 'Admin',
          title: 'The database was restored',
          message: `${by} restored ${point.name} (Requested by the test). To undo it, restore ${record.undoPoint}.`,
        },
      ]);
    } finally {
      await tab.stop();
    }
  });
});
