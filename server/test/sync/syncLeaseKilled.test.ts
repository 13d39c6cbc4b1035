import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { INTERRUPTED } from '../../src/features/sync/runs/syncRunsRepository';
import { freePort } from '../../testkit/freePort';
import { eventually } from '../../testkit/eventually';
import { icsCalendar } from '../../testkit/builders/icsBuilder';
import { startRedisServer, type RedisServer } from '../../testkit/servers/redisServer';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';

const ROOT = path.resolve(__dirname, '../../..');
const MARCH = ['--from', '2025-03-01', '--to', '2025-03-31'];

/** A calendar whose first request never gets an answer (the run reading it hangs); later ones do. */
async function startCalendarThatHangsOnce() {
  let requests = 0;
  const server = http.createServer((_request, response) => {
    requests += 1;
    if (requests > 1) response.end(icsCalendar([{ uid: 'after', start: '20250306T140000Z' }]));
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/calendar.ics`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('the instance running a sync is killed', () => {
  let redis: RedisServer;
  let t: TestApp;
  let dataDir: string;
  let calendar: Awaited<ReturnType<typeof startCalendarThatHangsOnce>>;
  beforeAll(async () => {
    redis = await startRedisServer();
    calendar = await startCalendarThatHangsOnce();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-killed-'));
  });
  afterAll(async () => {
    await t?.close();
    await calendar.close();
    await redis.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('its lease expires, a new run on the other instance succeeds, nothing is left running', async () => {
    const env = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      REDIS_URL: redis.url,
      CALENDAR_ICS: calendar.url,
      SYNC_LEASE_SECONDS: '2',
    };
    t = await createTestApp(env, { engine: 'sqlite' }); // the CLI opens the same file
    const token = (await t.login()).access_token;
    const status = async () =>
      (await t.app.inject({ url: '/api/sync/status', headers: bearer(token) })).json();
    const execute = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/sync/execute',
        headers: bearer(token),
        payload: { startDate: '2025-03-01', endDate: '2025-03-31' },
      });

    // `pnpm sync` in a process of its own, with the server's settings, stuck reading the calendar
    // node itself runs the command (tsx as a loader), so the pid killed is the one syncing
    const cli = spawn(process.execPath, ['--import', 'tsx', 'server/src/cli/syncCommand.ts', ...MARCH], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => cli.once('exit', (_code, signal) => resolve(signal)));
    const killOnExit = () => cli.kill('SIGKILL');
    process.once('exit', killOnExit);
    try {
      const running = await eventually(
        async () => {
          const now = await status();
          expect(now.running).toMatchObject({ trigger: 'cli' });
          return now.runningRunId as number;
        },
        { attempts: 300 },
      );
      expect(await redis.cli('GET', 'auditdesk:sync:lock')).toContain(`:${cli.pid}:`);
      expect((await execute()).json()).toMatchObject({ status: 409, runningRunId: running });

      cli.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');

      // until its lease runs out the lock stays taken (409), then the run here succeeds
      const result = await eventually(async () => {
        const response = await execute();
        expect([409, 200]).toContain(response.statusCode);
        expect(response.statusCode).toBe(200);
        return response.json();
      });
      expect(result).toMatchObject({ success: true, eventsCreated: 1 });
      expect(await status()).toMatchObject({ isRunning: false, runningRunId: null });
      const { items: history } = (
        await t.app.inject({ url: '/api/sync/history', headers: bearer(token) })
      ).json();
      expect(history.find((run: { id: number }) => run.id === running)).toMatchObject({
        status: 'failed',
        message: INTERRUPTED,
        trigger: 'cli',
      });
      expect(history.filter((run: { status: string }) => run.status === 'running')).toEqual([]);
      expect(await redis.cli('EXISTS', 'auditdesk:sync:lock')).toBe('0\n');
    } finally {
      cli.kill('SIGKILL');
      process.off('exit', killOnExit);
    }
  }, 60_000); // a process of its own starts, and a lease runs out
});
