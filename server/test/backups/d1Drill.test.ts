import type { RestorePoint, RestoreRecord } from '@auditdesk/shared/core';
import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { icsCalendar } from '../../testkit/builders/icsBuilder';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';
import { officeRecord } from '../../testkit/builders/officeRecord';

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
