import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  createSyncRunsRepository,
  INTERRUPTED,
  STALLED,
} from '../../src/features/sync/runs/syncRunsRepository';
import { freePort } from '../../testkit/freePort';
import { icsCalendar } from '../../testkit/builders/icsBuilder';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';
import { ENGINES } from '../../testkit/engines';

describe.each(ENGINES)('on %s', (engine) => {
  const MARCH = { startDate: '2025-03-01', endDate: '2025-03-31' };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  describe('the sync lock is a lease', () => {
    let t: TestApp;
    let token: string;
    beforeEach(async () => {
      const calendar = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-lease-')), 'calendar.ics');
      fs.writeFileSync(calendar, icsCalendar([{ uid: 'a', start: '20250304T140000Z' }]));
      t = await createTestApp({ CALENDAR_ICS: calendar, SYNC_LEASE_SECONDS: '1' }, { engine });
      token = (await t.login()).access_token;
    });
    afterEach(() => t.close());

    const execute = () =>
      t.app.inject({ method: 'POST', url: '/api/sync/execute', headers: bearer(token), payload: MARCH });
    const status = async () =>
      (await t.app.inject({ url: '/api/sync/status', headers: bearer(token) })).json();

    it('a run whose instance died (no heartbeat) holds the lock only until its lease runs out', async () => {
      // an instance that took the lock and died at once, whatever its host and PID
      const dead = createSyncRunsRepository(t.db, { leaseMs: 1000, stallMs: 60_000 });
      const run = await dead.start(MARCH, 'cli', null, { source: 'x', sink: 'y' });
      expect(await status()).toMatchObject({ isRunning: true, runningRunId: run.id });
      expect((await execute()).statusCode).toBe(409);

      await sleep(1300);
      expect(await status()).toMatchObject({ isRunning: false, runningRunId: null });
      const { items: history } = (
        await t.app.inject({ url: '/api/sync/history', headers: bearer(token) })
      ).json();
      expect(history[0]).toMatchObject({ id: run.id, status: 'failed', message: INTERRUPTED });
      expect((await execute()).json()).toMatchObject({ success: true });
    });

    it('a live run renews its lease: held past the lease time, then released', async () => {
      const live = createSyncRunsRepository(t.db, { leaseMs: 1000, stallMs: 60_000 });
      const run = await live.start(MARCH, 'api', null, { source: 'x', sink: 'y' });
      for (let beat = 0; beat < 5; beat += 1) {
        await sleep(300);
        expect(await live.heartbeat(run.id)).toBe(true);
      }
      expect((await execute()).statusCode).toBe(409); // 1.5 s later, still its lock
      await live.finish(run.id, {
        success: true,
        message: 'done',
        eventsProcessed: 0,
        eventsCreated: 0,
        eventsUpdated: 0,
        eventsDeleted: 0,
        sheetWritten: 0,
        sheetRemoved: 0,
        runHash: null,
        sourceHash: null,
      });
      expect((await execute()).statusCode).toBe(200);
    });

    it('the status tells when a quiet run last made progress and when it will be stopped', async () => {
      const quiet = createSyncRunsRepository(t.db, { leaseMs: 60_000, stallMs: 60_000 });
      const run = await quiet.start(MARCH, 'cli', null, { source: 'x', sink: 'y' });
      await t.db.batch([
        // its heartbeat far ahead too: this app's 1 s lease must not end it while the test looks
        sql`UPDATE sync_runs SET progress_at = '2099-01-01T10:00:00.000Z', heartbeat_at = '2099-01-01T10:00:00.000Z' WHERE id = ${run.id}`,
      ]);
      expect((await status()).running).toEqual({
        id: run.id,
        trigger: 'cli',
        stage: null,
        startedAt: run.startedAt,
        lastProgressAt: '2099-01-01T10:00:00.000Z',
        // SYNC_STALL_MINUTES, 10 by default, after it
        stopsAt: '2099-01-01T10:10:00.000Z',
      });
    });

    it('a run that makes no progress for too long is failed as stalled, though its instance lives', async () => {
      const stuck = createSyncRunsRepository(t.db, { leaseMs: 60_000, stallMs: 60_000 });
      const run = await stuck.start(MARCH, 'schedule', null, { source: 'x', sink: 'y' });
      // its last progress an hour ago, its heartbeat fresh
      await t.db.batch([
        sql`UPDATE sync_runs SET progress_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 hour') WHERE id = ${run.id}`,
      ]);
      expect(await status()).toMatchObject({ isRunning: false });
      const { items: history } = (
        await t.app.inject({ url: '/api/sync/history', headers: bearer(token) })
      ).json();
      expect(history[0]).toMatchObject({ id: run.id, status: 'failed', message: STALLED });
    });

    it('a run that lost its lease (taken over as dead) writes nothing to the database', async () => {
      // a calendar that answers only when the test says so: the run waits there
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const port = await freePort();
      const server = http.createServer(async (_request, response) => {
        await held;
        response.end(icsCalendar([{ uid: 'late', start: '20250305T140000Z' }]));
      });
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      const slow = await createTestApp(
        {
          CALENDAR_ICS: `http://127.0.0.1:${port}/cal.ics`,
          SYNC_LEASE_SECONDS: '1',
        },
        { engine },
      );
      try {
        const before = await slow.leads.dataVersion();
        const result = slow.services.sync.execute(MARCH, 'api', null);
        const runs = createSyncRunsRepository(slow.db, { leaseMs: 1000, stallMs: 60_000 });
        let running = await runs.running();
        while (!running) running = await runs.running();
        // another instance decides it is dead and takes the lock over
        await slow.db.batch([
          sql`UPDATE sync_runs SET status = 'failed', message = 'taken over' WHERE id = ${running.id}`,
        ]);
        release();
        expect(await result).toMatchObject({ success: false, message: 'taken over' });
        expect(await slow.leads.dataVersion()).toBe(before);
        expect(await slow.leads.list(true)).toEqual([]);
      } finally {
        release();
        server.close();
        await slow.close();
      }
    });
  });
});
