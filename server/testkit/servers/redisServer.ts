import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../freePort';

const run = promisify(execFile);
const READY = /Ready to accept connections/;
const START_TIMEOUT_MS = 10_000;

/** A real redis-server (Debian's) on a free loopback port with a temp folder of its own. */
export interface RedisServer {
  port: number;
  /** redis://127.0.0.1:<port> */
  url: string;
  /** Runs redis-cli against this server and answers its output. */
  cli: (...args: string[]) => Promise<string>;
  /** Stops the server (SIGTERM, waits for the exit); `start` brings it back on the same port. */
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** Stops it for good and removes its folder. */
  dispose: () => Promise<void>;
}

function launch(port: number, dir: string, args: string[]): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    [
      ...['--port', String(port), '--bind', '127.0.0.1', '--dir', dir],
      ...['--save', '', '--appendonly', 'no', '--daemonize', 'no', '--logfile', ''],
      ...args,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // a test run that dies half-way must not leave servers behind
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));

  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`redis-server did not start within ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (READY.test(output)) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolve(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`Cannot run redis-server (install Debian's redis-server): ${error.message}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code}) before it was ready:\n${output}`));
    });
  });
}

function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  return exited;
}

/**
 * Starts a redis-server; `args` are extra command-line settings, e.g. ['--maxmemory', '64mb'];
 * `port` a chosen one instead of a free one.
 */
export async function startRedisServer({
  args = [],
  port: chosenPort,
}: { args?: string[]; port?: number } = {}): Promise<RedisServer> {
  const port = chosenPort ?? (await freePort());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-redis-'));
  let child: ChildProcess | null = await launch(port, dir, args);
  const stop = async () => {
    if (child) await terminate(child);
    child = null;
  };
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    cli: async (...cliArgs) =>
      (await run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...cliArgs])).stdout,
    stop,
    start: async () => {
      if (!child) child = await launch(port, dir, args);
    },
    dispose: async () => {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
