import { BULK_RESTORE_POINT_OVER } from '@auditdesk/shared/core';
import { sql } from 'drizzle-orm';
import fs from 'node:fs';
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
        lead({ leadId: `gap-${n}@test`, customerName: `Customer ${n}`, scheduledDate: new Date().toISOString() }),
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
    const run = await t.services.sync.runs.start({ startDate: '2025-03-01', endDate: '2025-03-31' }, 'cli', null, {
      source: 'test calendar',
      sink: 'none',
    });

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/backups/restore',
      headers: admin,
      payload: { point: point.name },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      detail: expect.stringMatching(/^The database cannot be restored while a sync runs: .*Try again when it is done\.$/),
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
});
