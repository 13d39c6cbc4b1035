import type { BackupsOverview, RestorePoint, RestoreRecord } from '@auditdesk/shared/core';
import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exportSqlCommand } from '../../src/cli/backupCommands';
import { createDumpStatements } from '../../src/features/backups/snapshots/snapshotWork';
import { icsCalendar } from '../../testkit/builders/icsBuilder';
import { startMiniflareD1, type MiniflareD1 } from '../../testkit/servers/d1/miniflareD1';
import { startS3Server, type TestS3Server } from '../../testkit/servers/s3Server';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';
import { officeRecord, RECORD_TABLES } from '../../testkit/builders/officeRecord';

const MARCH = { startDate: '2025-03-01', endDate: '2025-03-31' };
const event = (n: number) => ({
  uid: `d1-drill-${n}@test`,
  start: `202503${String(n + 3).padStart(2, '0')}T150000Z`,
  summary: `Customer ${n}`,
  description: `Auditor: Sam Rivera\nHouse Type: 2 Family\nPhone: (617) 555-01${String(n).padStart(2, '0')}`,
});

// Issue 36, the drill on D1: Time Travel puts the database back to before a bulk delete, and the
// restore is undone with the point made before it (Cloudflare's previous_bookmark).
describe('the disaster drill on D1', () => {
  let t: TestApp;
  let dir: string;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-d1-drill-'));
    fs.writeFileSync(
      path.join(dir, 'calendar.ics'),
      icsCalendar(Array.from({ length: 10 }, (_, n) => event(n + 1))),
    );
    t = await createTestApp({ CALENDAR_ICS: path.join(dir, 'calendar.ics') }, { engine: 'd1' });
  });
  afterEach(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const liveLeads = async () =>
    (await t.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM leads WHERE deleted_at IS NULL`))[0]!.n;

  it('restores to the point before a bulk delete, keeps signing in, and undoes the restore with the point before it', async () => {
    const admin = bearer((await t.login()).access_token);
    const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });
    expect((await call('POST', '/api/sync/execute', MARCH)).json()).toMatchObject({
      success: true,
      eventsCreated: 10,
    });
    const leads = (await call('GET', '/api/leads?excludeCalendarNotFormatted=false')).json() as {
      id: number;
      version: number;
    }[];
    expect(
      (await call('PATCH', `/api/leads/${leads[0]!.id}`, { comments: 'kept by the office' })).statusCode,
    ).toBe(200);
    const before = await officeRecord(t.db);
    const latest = (await call('GET', '/api/leads?excludeCalendarNotFormatted=false')).json() as typeof leads;
    const deleted = await call('POST', '/api/leads/bulk', {
      leads: latest.slice(0, 8).map(({ id, version }) => ({ id, version })),
      delete: true,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await liveLeads()).toBe(2);

    const overview = (await call('GET', '/api/backups')).json() as {
      points: RestorePoint[];
      timeTravelDays: number;
    };
    expect(overview.timeTravelDays).toBe(30);
    const point = overview.points.find((entry) => entry.kind === 'bulk')!;
    expect(point.reason).toMatch(/^Before a bulk delete of 8 leads by /);
    expect(point.verification).toMatch(/^D1 Time Travel bookmark 0/);
    const impact = (await call('GET', `/api/backups/${point.name}/impact`)).json() as { leadChanges: number };
    expect(impact.leadChanges).toBe(8);

    const restored = await call('POST', '/api/backups/restore', { point: point.name });
    expect(restored.json()).toMatchObject({ point: point.name });
    const record = restored.json() as RestoreRecord;
    expect(await liveLeads()).toBe(10);
    expect(await officeRecord(t.db)).toEqual(before);
    // the one who restored is still signed in: sign-ins belong to the present
    expect((await call('GET', '/api/backups')).statusCode).toBe(200);
    const after = (await call('GET', '/api/backups')).json() as {
      points: RestorePoint[];
      restores: RestoreRecord[];
    };
    expect(after.restores).toEqual([
      expect.objectContaining({ point: point.name, undoPoint: record.undoPoint }),
    ]);
    expect(after.points.map((entry) => entry.name)).toEqual(
      expect.arrayContaining([point.name, record.undoPoint]),
    );

    // undo: the point made before the restore is the database with the delete
    const undone = await call('POST', '/api/backups/restore', { point: record.undoPoint });
    expect(undone.statusCode).toBe(200);
    expect(await liveLeads()).toBe(2);
    expect(
      ((await call('GET', '/api/backups')).json() as { restores: RestoreRecord[] }).restores,
    ).toHaveLength(2);
  });

  it('restores the minute itself (--at) when no point was named for it', async () => {
    t.d1!.timeTravel.keepEveryWrite();
    const admin = bearer((await t.login()).access_token);
    await t.app.inject({ method: 'POST', url: '/api/sync/execute', headers: admin, payload: MARCH });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const beforeDelete = new Date();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await t.db.batch([sql`UPDATE leads SET deleted_at = '2025-03-20T00:00:00.000Z'`]);
    expect(await liveLeads()).toBe(0);
    const restored = await t.app.inject({
      method: 'POST',
      url: '/api/backups/restore',
      headers: admin,
      payload: { at: beforeDelete.toISOString() },
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ point: beforeDelete.toISOString() });
    expect(await liveLeads()).toBe(10);
  });
});

const RECORD = ['users', ...RECORD_TABLES] as const;

/** Every row of the office's record in a D1 engine, table by table. */
async function engineRecord(engine: MiniflareD1): Promise<Record<string, unknown[]>> {
  const record: Record<string, unknown[]> = {};
  for (const table of RECORD) {
    const [result] = await engine.execute([{ sql: `SELECT * FROM "${table}" ORDER BY 1, 2` }]);
    record[table] = result!.results as unknown[];
  }
  return record;
}

// Issue 36: with BACKUP_S3_URL, the schedule exports the D1 database off Cloudflare (polled
// until done, the dump fetched, proven to rebuild a database, uploaded); the dump rebuilds a
// fresh D1 database with every row; the retention rule thins the exports.
describe('the export of D1 off Cloudflare', () => {
  let s3: TestS3Server;
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3.stop());
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-d1-export-'));
    fs.writeFileSync(
      path.join(dir, 'calendar.ics'),
      icsCalendar(Array.from({ length: 6 }, (_, n) => event(n + 1))),
    );
    t = await createTestApp(
      {
        CALENDAR_ICS: path.join(dir, 'calendar.ics'),
        BACKUP_KEY: 'the export passphrase 2026',
        ...s3.env('d1'),
      },
      { engine: 'd1' },
    );
  });
  afterEach(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('exports on the schedule into the bucket, encrypted, and the dump rebuilds a fresh D1 database with every row', async () => {
    const admin = bearer((await t.login()).access_token);
    await t.app.inject({ method: 'POST', url: '/api/sync/execute', headers: admin, payload: MARCH });
    const [lead] = (
      await t.app.inject({ url: '/api/leads?excludeCalendarNotFormatted=false', headers: admin })
    ).json() as { id: number }[];
    await t.app.inject({
      method: 'PATCH',
      url: `/api/leads/${lead!.id}`,
      headers: admin,
      payload: { comments: 'side door;\nring twice' },
    });

    await t.services.backups.scheduled();
    const exportCalls = t.d1!.calls.filter((call) => call.kind === 'export');
    expect(exportCalls.length).toBeGreaterThanOrEqual(3);
    const { exports, offsite } = (
      await t.app.inject({ url: '/api/backups', headers: admin })
    ).json() as BackupsOverview;
    expect(offsite).toMatchObject({ target: 's3://auditdesk-backups/d1/d1-exports/', failing: 0 });
    expect(exports).toEqual([
      expect.objectContaining({
        name: expect.stringMatching(/Z-export$/),
        encrypted: true,
        counts: expect.objectContaining({ leads: 6 }),
        verification: expect.stringMatching(/^rebuilt into SQLite: integrity_check ok/),
      }),
    ]);
    const [made] = exports!;
    expect(s3.keys()).toContain(`d1/d1-exports/${made!.name}.adsnap`);
    const sqlFile = path.join(dir, 'dump.sql');
    const lines: string[] = [];
    expect(await exportSqlCommand(t.services.backups, made!.name, sqlFile, (line) => lines.push(line))).toBe(0);
    expect(lines[0]).toMatch(/wrangler d1 execute/);

    const fresh = await startMiniflareD1();
    try {
      const dump = createDumpStatements();
      const statements = fs
        .readFileSync(sqlFile, 'utf8')
        .split('\n')
        .map(dump.push)
        .filter((statement): statement is string => statement !== null);
      expect(dump.pending()).toBe('');
      await fresh.load(statements);
      expect(await engineRecord(fresh)).toEqual(await engineRecord(t.d1!.engine));
    } finally {
      await fresh.dispose();
    }
  });

  it('keeps the newest export of the hour (the retention rule), and tells the Admins of one Cloudflare fails', async () => {
    await t.services.backups.exportNow();
    await t.db.batch([sql`UPDATE users SET notes = 'changed'`]);
    const second = await t.services.backups.exportNow();
    const { exports } = await t.services.backups.overview();
    expect(exports!.map((made) => made.name)).toEqual([second.name]);

    t.d1!.fail({ when: (call) => call.kind === 'export', status: 500, times: 100 });
    await t.services.backups.scheduled();
    t.d1!.clearFaults();
    const bells = await t.db.all<{ title: string; message: string }>(
      sql`SELECT title, message FROM notifications WHERE kind = 'backup-failed'`,
    );
    expect(bells).toEqual([{ title: 'A backup failed', message: expect.stringMatching(/export/i) }]);
    expect((await t.services.backups.overview()).exports!.map((made) => made.name)).toEqual([second.name]);
  });
});
