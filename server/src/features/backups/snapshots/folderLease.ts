import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { processGone } from './workOwner';

/** A holder that stopped renewing for this long is gone. */
const STALE_MS = 60_000;
const RENEW_MS = 15_000;
const POLL_MS = 200;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether the lock's holder is a process of this machine that is gone (killed: its lease never renews again). */
function holderGone(text: string): boolean {
  const [host, pid] = text.split(':');
  if (host !== os.hostname() || !pid || !/^\d+$/.test(pid)) return false;
  return processGone(Number(pid));
}

/**
 * One snapshot or restore at a time among the instances that share the snapshot folder (and
 * so the SQLite file): a lock file created exclusively, renewed while held, taken over when
 * its holder stopped renewing or (same machine) no longer runs. Runs `work` holding it;
 * answers null when another holder kept it for `waitMs`.
 */
export async function withFolderLease<T>(
  dir: string,
  work: () => Promise<T>,
  { waitMs = 0 }: { waitMs?: number } = {},
): Promise<{ value: T } | null> {
  const lock = path.join(dir, '.lock');
  const mine = `${os.hostname()}:${process.pid}:${randomBytes(8).toString('hex')}`;
  const giveUpAt = Date.now() + waitMs;
  for (;;) {
    try {
      fs.writeFileSync(lock, mine, { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let stale: boolean;
    try {
      const held = fs.readFileSync(lock, 'utf8');
      stale = Date.now() - fs.statSync(lock).mtimeMs > STALE_MS || holderGone(held);
    } catch {
      continue; // freed meanwhile
    }
    if (stale) {
      // renamed away first, so two instances that both found it stale do not both take it
      const aside = `${lock}.${randomBytes(4).toString('hex')}`;
      try {
        fs.renameSync(lock, aside);
        fs.rmSync(aside, { force: true });
      } catch {
        // another one took it over first
      }
      continue;
    }
    if (Date.now() >= giveUpAt) return null;
    await sleep(POLL_MS);
  }
  const renew = setInterval(() => {
    try {
      const now = new Date();
      fs.utimesSync(lock, now, now);
    } catch {
      // gone: the next holder took it over after we stopped renewing
    }
  }, RENEW_MS);
  renew.unref();
  try {
    return { value: await work() };
  } finally {
    clearInterval(renew);
    try {
      if (fs.readFileSync(lock, 'utf8') === mine) fs.rmSync(lock, { force: true });
    } catch {
      // already gone
    }
  }
}
