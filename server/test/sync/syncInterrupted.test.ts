import { spawn } from 'node:child_process';
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { INTERRUPTED } from '../../src/features/sync/runs/syncRunsRepository';
import type { D1ContractServer } from '../../testkit/servers/d1/d1ContractServer';
import { sharedD1Server } from '../../testkit/servers/d1/sharedD1Server';
import { ENGINES } from '../../testkit/engines';
import { icsCalendar, manyEvents } from '../../testkit/builders/icsBuilder';
import { d1Env } from '../../testkit/testApp';

const ROOT = path.resolve(__dirname, '../../..');
const RANGE = ['--from', '2025-01-01', '--to', '2026-12-31'];

/** One process (node with tsx's loader), not tsx's launcher and its child: a kill must stop the sync itself. */
const NODE_WITH_TSX = [process.execPath, '--import', 'tsx'];

/**
 * Runs `pnpm sync` as its own process (or, `inPidNamespace`, as PID 1 of a namespace of its
 * own, as in a container); kills it with SIGKILL as soon as `killAt` is printed, or when
 * `killAt` (a function) calls the kill it is given.
 */
function runCli(
  env: Record<string, string>,
  killAt?: string | ((kill: () => void) => () => void),
  inPidNamespace = false,
): Promise<{ code: number | null; output: string; killed: boolean }> {
  return new Promise((resolve) => {
    const command = [...NODE_WITH_TSX, 'server/src/cli/syncCommand.ts', ...RANGE];
    const [file, ...args] = inPidNamespace
      ? ['unshare', '--pid', '--fork', '--kill-child', '--mount-proc', ...command]
      : command;
    const child = spawn(file!, args, { cwd: ROOT, env: { ...process.env, ...env } });
    let output = '';
    let killed = false;
    const kill = () => {
      if (killed) return;
      killed = true;
      child.kill('SIGKILL');
    };
    const stopWatching = typeof killAt === 'function' ? killAt(kill) : () => undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (typeof killAt === 'string' && output.includes(killAt)) kill();
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => {
      stopWatching();
      resolve({ code, output, killed });
    });
  });
}

/** The killed run holds the lock until its lease runs out; the tests wait that out. */
const LEASE_SECONDS = 2;
const waitOutLease = () => new Promise((resolve) => setTimeout(resolve, LEASE_SECONDS * 1000 + 300));

describe.each(ENGINES)('a sync killed half-way on %s', (engine) => {
  let dir: string;
  let env: Record<string, string>;
  let d1: D1ContractServer | undefined;
  const summaries = async (): Promise<string[]> => {
    const query = 'SELECT customer_name AS name FROM leads WHERE deleted_at IS NULL';
    if (d1) {
      const [result] = await d1.engine.execute([{ sql: query }]);
      return (result!.results as { name: string }[]).map((row) => row.name);
    }
    const db = new Database(path.join(dir, 'auditdesk.db'), { readonly: true });
    const rows = db.prepare(query).all() as { name: string }[];
    db.close();
    return rows.map((row) => row.name);
  };
  const readSheet = async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path.join(dir, 'leads.xlsx'));
    return workbook.getWorksheet('Leads')!.rowCount - 1;
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-kill-'));
    const calendar = path.join(dir, 'calendar.ics');
    if (engine === 'd1') {
      d1 = await sharedD1Server();
      await d1.reset();
    }
    env = {
      DATA_DIR: dir,
      CALENDAR_ICS: calendar,
      SYNC_LEASE_SECONDS: String(LEASE_SECONDS),
      ...(d1 ? d1Env(d1) : {}),
    };
    fs.writeFileSync(calendar, icsCalendar(manyEvents(4000)));
    const first = await runCli(env);
    expect(first.code).toBe(0);
    // every event renamed: the next run rewrites every row and the whole sheet
    fs.writeFileSync(
      calendar,
      icsCalendar(manyEvents(4000).map((event) => ({ ...event, summary: `Renamed ${event.summary}` }))),
    );
  }, 120_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('during the spreadsheet step leaves the database as it was and the .xlsx readable', async () => {
    const run = await runCli(env, '▶ Sync to Spreadsheet');
    expect(run.killed).toBe(true);
    const names = await summaries();
    expect(names).toHaveLength(4000);
    expect(names.every((name) => !name.startsWith('Renamed'))).toBe(true);
    expect(await readSheet()).toBe(4000);
    await waitOutLease();
  }, 60_000);

  if (engine === 'sqlite') {
    it('during the database step leaves it all old or all new, never half', async () => {
      const run = await runCli(env, '▶ Sync to Database');
      expect(run.killed).toBe(true);
      const renamed = (await summaries()).filter((name) => name.startsWith('Renamed')).length;
      expect([0, 4000]).toContain(renamed);
      expect(await readSheet()).toBe(4000);
      await waitOutLease();
    }, 60_000);
  } else {
    it('while it stages the leads on D1 leaves every lead as it was', async () => {
      // killed as its first chunk of leads reaches D1: the final batch is never sent
      const run = await runCli(env, (kill) =>
        d1!.watch((call) => {
          if (call.sql[0]?.startsWith('INSERT OR REPLACE INTO leads_staging')) kill();
        }),
      );
      expect(run.killed).toBe(true);
      const names = await summaries();
      expect(names).toHaveLength(4000);
      expect(names.filter((name) => name.startsWith('Renamed'))).toEqual([]);
      expect(await readSheet()).toBe(4000);
      await waitOutLease();
    }, 60_000);
  }

  it('does not block the next run once its lease ran out, which completes the work', async () => {
    const run = await runCli(env);
    expect(run.output).toMatch(/Sync completed/);
    expect(run.code).toBe(0);
    const names = await summaries();
    expect(names).toHaveLength(4000);
    expect(names.every((name) => name.startsWith('Renamed'))).toBe(true);
    if (d1) {
      // what the killed run staged is gone too
      const [staged] = await d1.engine.execute([{ sql: 'SELECT count(*) AS n FROM leads_staging' }]);
      expect(staged!.results).toEqual([{ n: 0 }]);
    }
  }, 60_000);
});

describe('a sync killed in a container that restarts with the same PID', () => {
  it('does not lock syncing for good: the next run waits out the lease, then goes ahead', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-pidns-'));
    const calendar = path.join(dir, 'calendar.ics');
    fs.writeFileSync(calendar, icsCalendar(manyEvents(2000)));
    const env = { DATA_DIR: dir, CALENDAR_ICS: calendar, SYNC_LEASE_SECONDS: '10' };
    try {
      const killed = await runCli(env, '▶ Sync to Spreadsheet', true);
      expect(killed.killed).toBe(true);
      const killedAt = Date.now();
      // the next process is PID 1 again, like the dead one: within the lease it is refused
      const early = await runCli(env, undefined, true);
      expect(early.code).toBe(1);
      expect(early.output).toMatch(/A sync is already running \(run 1\)\./);
      expect(Date.now() - killedAt).toBeLessThan(10_000);
      await new Promise((resolve) => setTimeout(resolve, 10_500 - (Date.now() - killedAt)));
      const later = await runCli(env, undefined, true);
      expect(later.code).toBe(0);
      const db = new Database(path.join(dir, 'auditdesk.db'), { readonly: true });
      const runs = db.prepare('SELECT id, status, message FROM sync_runs ORDER BY id').all();
      db.close();
      expect(runs).toEqual([
        { id: 1, status: 'failed', message: INTERRUPTED },
        { id: 2, status: 'succeeded', message: expect.stringMatching(/^Synced 2000 events/) },
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
