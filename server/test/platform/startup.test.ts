import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startEnvironment } from '../../../scripts/startEnvironment';
import type { ConfigError } from '../../src/platform/config/ConfigError';
import { loadConfig } from '../../src/platform/config/loadConfig';
import { freePort } from '../../testkit/freePort';
import { eventually } from '../../testkit/eventually';

const ROOT = path.resolve(__dirname, '../../..');

/** The server as `pnpm start` runs it (node with tsx's loader), on an empty calendar. */
function startServer(env: Record<string, string>): {
  child: ChildProcess;
  output: () => { out: string; err: string };
} {
  const calendar = path.join(os.tmpdir(), 'auditdesk-empty.ics');
  fs.writeFileSync(
    calendar,
    'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//test//EN\r\nEND:VCALENDAR\r\n',
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'development', HOST: '127.0.0.1', CALENDAR_ICS: calendar, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return { child, output: () => ({ out, err }) };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)),
  );

describe('server start', () => {
  jest.setTimeout(60_000);

  it('stops at once on a bad setting and names the variable', () => {
    const result = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: 'eighty',
        NODE_ENV: 'production',
        DATA_DIR: '/tmp/auditdesk-never-created',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT: expected a port number (got "eighty")');
  });

  it('`pnpm start` with PORT=eighty reports PORT only, not a PUBLIC_URL nobody set', () => {
    const start = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(startEnvironment(env));
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(start({ PORT: 'eighty', DATA_DIR: '/tmp/auditdesk-never-created' })).toEqual([
      'PORT: expected a port number (got "eighty")',
    ]);
    expect(startEnvironment({ PORT: '9090' }).PUBLIC_URL).toBe('http://localhost:9090');
    expect(startEnvironment({}).PUBLIC_URL).toBe('http://localhost:8080');
  });

  it('on a port in use, stops with one line before creating anything; the next start shows the first password', async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-start-')), 'data');
    const port = await freePort();
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', () => resolve()));

    const first = startServer({ PORT: String(port), DATA_DIR: dataDir });
    expect(await exited(first.child)).toBe(1);
    expect(first.output().err).toBe(`Port ${port} is in use: set PORT\n`);
    expect(first.output().out).toBe('');
    // no database, no admin, no demo calendar: not even the data folder
    expect(fs.existsSync(dataDir)).toBe(false);

    await new Promise<void>((resolve) => taken.close(() => resolve()));
    const second = startServer({ PORT: String(port), DATA_DIR: dataDir });
    try {
      const box = await eventually(
        () => {
          const match =
            /\| Auditdesk is running: open (\S+)[\s\S]*e-mail: +(\S+)[\s\S]*password: +(\S+)/.exec(
              second.output().out,
            );
          if (!match) throw new Error(`no start message yet:\n${JSON.stringify(second.output())}`);
          return { url: match[1]!, email: match[2]!, password: match[3]! };
        },
        { attempts: 300, delayMs: 100 },
      );
      expect(box.url).toBe(`http://127.0.0.1:${port}`);
      const signIn = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: box.email, password: box.password }),
      });
      expect(signIn.status).toBe(200);
      // the password is shown in the box only, never in a log line
      expect(second.output().out.split(box.password)).toHaveLength(2);
    } finally {
      second.child.kill('SIGTERM');
      await exited(second.child);
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  });
});
