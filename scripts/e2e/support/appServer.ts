import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../apps';
import { freePort } from '../../../server/testkit/freePort';

export const E2E_ADMIN = { email: 'admin@auditdesk.test', password: 'e2e-admin-password' };

export interface AppServer {
  url: string;
  dataDir: string;
  /** the settings it was started with besides the suite's own (a D1 database, REDIS_URL…) */
  settings: Record<string, string>;
  /** the server's own process (benchmarks read its memory) */
  pid: number;
  stop: () => Promise<void>;
}

/** The settings of a production server on `port` with its own data folder, as the tests and the bench start it. */
export function appServerEnv(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    // the suite signs in far more often than a person would
    RATE_LIMIT_LOGIN_PER_IP: '1000',
    RATE_LIMIT_LOGIN_PER_EMAIL: '1000',
    RATE_LIMIT_SYNC_PER_USER: '1000',
    ...env,
  };
}

/**
 * A start imports the demo calendar before it listens: 5–8 s on a quiet machine, over 30 s
 * when two workers' servers start together on a busy one.
 */
const START_TIMEOUT_MS = 90_000;

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not answer /api/health within ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
}

/**
 * The production server, as `pnpm start` runs it, on a free port (or `env.PORT`, for a
 * redirect address known beforehand) with a fresh data folder.
 */
export async function startAppServer(env: Record<string, string> = {}): Promise<AppServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-e2e-'));
  // node itself with tsx's loader, so the child is the server process (not a tsx wrapper)
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: appServerEnv(port, dataDir, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));

  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping)
      console.error(`The app server on port ${port} exited (${code ?? signal}):\n${log.slice(-4000)}`);
  });

  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, () => log);
  return {
    url,
    dataDir,
    settings: env,
    pid: child.pid!,
    async stop() {
      stopping = true;
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
