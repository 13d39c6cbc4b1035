import { spawn } from 'node:child_process';
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { INTERRUPTED } from '../src/sync/runs/syncRunsRepository';
import { icsCalendar, manyEvents } from './support/icsBuilder';

const ROOT = path.resolve(__dirname, '../..');
const RANGE = ['--from', '2025-01-01', '--to', '2026-12-31'];

const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

/**
 * Runs `pnpm sync` as its own process (or, `inPidNamespace`, as PID 1 of a namespace of its
 * own, as in a container); kills it with SIGKILL as soon as `killAt` is printed.
 */
function runCli(
  env: Record<string, string>,
  killAt?: string,
  inPidNamespace = false,
): Promise<{ code: number | null; output: string; killed: boolean }> {
  return new Promise((resolve) => {
    const command = [TSX, 'server/src/cli/syncCommand.ts', ...RANGE];
    const [file, ...args] = inPidNamespace
      ? ['unshare', '--pid', '--fork', '--kill-child', '--mount-proc', ...command]
      : command;
    const child = spawn(file!, args, { cwd: ROOT, env: { ...process.env, ...env } });
    let output = '';
    let killed = false;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (killAt && !killed && output.includes(killAt)) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output, killed }));
  });
}

describe('a sync killed half-way', () => {
  let dir: string;
  let env: Record<string, string>;
  const summaries = () => {
    const db = new Database(path.join(dir, 'auditdesk.db'), { readonly: true });
    const rows = db.prepare('SELECT customer_name AS name FROM leads WHERE deleted_at IS NULL').all() as {
      name: string;
    }[];
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
    env = { DATA_DIR: dir, CALENDAR_ICS: calendar };
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
    const names = summaries();
    expect(names).toHaveLength(4000);
    expect(names.every((name) => !name.startsWith('Renamed'))).toBe(true);
    expect(await readSheet()).toBe(4000);
  }, 60_000);

  it('during the database step leaves it all old or all new, never half', async () => {
    const run = await runCli(env, '▶ Sync to Database');
    expect(run.killed).toBe(true);
    const renamed = summaries().filter((name) => name.startsWith('Renamed')).length;
    expect([0, 4000]).toContain(renamed);
    expect(await readSheet()).toBe(4000);
  }, 60_000);

  it('does not block the next run, which completes the work', async () => {
    const run = await runCli(env);
    expect(run.code).toBe(0);
    expect(summaries().every((name) => name.startsWith('Renamed'))).toBe(true);
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
