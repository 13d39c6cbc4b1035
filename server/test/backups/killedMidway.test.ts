import BetterSqlite3 from 'better-sqlite3';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { openServices } from '../../src/openServices';
import { loadConfig } from '../../src/platform/config/loadConfig';
import { seededDataDir } from '../../testkit/bench/benchLeads';

const ROOT = path.resolve(__dirname, '../../..');
const LEADS = 4_000;

/** Runs `pnpm backup`/`pnpm restore`'s command as a child and kills it (SIGKILL) the moment `midway` is true. */
async function killMidway(
  command: string,
  args: string[],
  env: Record<string, string>,
  midway: () => boolean,
) {
  const child = spawn(process.execPath, ['--import', 'tsx', `server/src/cli/${command}.ts`, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, signal) => resolve(signal)),
  );
  let caught = false;
  while (child.exitCode === null && child.signalCode === null) {
    if (midway()) {
      caught = child.kill('SIGKILL');
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  const signal = await exited;
  return { killed: caught && signal === 'SIGKILL' };
}

function integrity(file: string): string {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    return (db.pragma('integrity_check', { simple: true }) as string) ?? '';
  } finally {
    db.close();
  }
}

const liveLeads = (file: string) => {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM leads WHERE deleted_at IS NULL').get() as { n: number }).n;
  } finally {
    db.close();
  }
};

// Issue 36: a process killed in the middle of a snapshot or of a restore leaves a usable
// database and no half file that is offered as a restore point. (Two CLI children: ~10 s.)
describe('killed with SIGKILL midway', () => {
  let dir: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    ({ dir } = await seededDataDir(LEADS));
    env = { DATA_DIR: dir, LOG_LEVEL: 'silent', BACKUP_KEY: 'a passphrase for the kill test' };
  }, 60_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const work = () => path.join(dir, 'backups', '.work');
  const listPoints = async () => {
    const services = await openServices(loadConfig(env));
    try {
      return (await services.backups.overview()).points.map((point) => point.name);
    } finally {
      await services.close();
    }
  };

  it('in a snapshot: the database is whole, the half snapshot is no restore point and is cleared', async () => {
    const { killed } = await killMidway(
      'backupCommand',
      [],
      env,
      () => fs.existsSync(work()) && fs.readdirSync(work()).some((entry) => entry.endsWith('.partial')),
    );
    expect(killed).toBe(true);
    expect(integrity(path.join(dir, 'auditdesk.db'))).toBe('ok');
    expect(fs.readdirSync(work()).length).toBeGreaterThan(0);
    expect(await listPoints()).toEqual([]);
    expect(fs.readdirSync(work())).toEqual([]);
  }, 60_000);

  it('in a restore: the database is the one before or the one restored, whole, and nothing half-written is left', async () => {
    const services = await openServices(loadConfig(env));
    let point: string;
    try {
      point = (await services.backups.backUpNow('the test')).point.name;
      await services.db.batch([
        { toSQL: () => ({ sql: "UPDATE leads SET deleted_at = '2026-01-01T00:00:00.000Z'", params: [] }) },
      ]);
    } finally {
      await services.close();
    }
    const database = path.join(dir, 'auditdesk.db');
    expect(liveLeads(database)).toBe(0);
    const { killed } = await killMidway('restoreCommand', [point], env, () =>
      fs.existsSync(`${database}.restoring`),
    );
    expect(killed).toBe(true);
    expect(integrity(database)).toBe('ok');
    expect([0, LEADS]).toContain(liveLeads(database));
    // the next start removes the half-written replacement, offers only whole points, and restores
    const points = await listPoints();
    expect(fs.existsSync(`${database}.restoring`)).toBe(false);
    expect(points).toContain(point);
    const again = await openServices(loadConfig(env));
    try {
      await again.backups.restore({ point }, 'the test');
    } finally {
      await again.close();
    }
    expect(liveLeads(database)).toBe(LEADS);
  }, 60_000);
});
