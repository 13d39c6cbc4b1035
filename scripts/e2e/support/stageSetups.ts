import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LIVE_CHANGED_CHANNEL } from '../../../server/src/features/releases/liveRemotes';
import { startD1ContractServer } from '../../../server/testkit/servers/d1/d1ContractServer';
import { startRedisServer } from '../../../server/testkit/servers/redisServer';
import { startAppServer } from './appServer';
import { releaseCommand } from './releases';

/** Where the release stories run: the Admin's browser talks to one address, the User's to another (or the same). */
export interface StageServers {
  adminUrl: string;
  userUrl: string;
  /**
   * How many release changes the instances have told each other through Redis so far; absent
   * for a setup without Redis.
   */
  relayed?: () => number;
  /** `pnpm release …` with the servers' settings; answers what it printed. */
  command: (...args: string[]) => Promise<string>;
  stop: () => Promise<void>;
}

export interface StageSetup {
  name: string;
  /** Starts the servers with `settings` besides their own. */
  start: (settings: Record<string, string>) => Promise<StageServers>;
}

/** One production server on SQLite, as most offices run it: no Redis, both people on it. */
export const oneInstanceOnSqlite: StageSetup = {
  name: 'one instance on SQLite',
  async start(settings) {
    const server = await startAppServer(settings);
    return {
      adminUrl: server.url,
      userUrl: server.url,
      command: (...args) => releaseCommand(server, ...args),
      stop: () => server.stop(),
    };
  },
};

/**
 * Two production servers on one D1 database (Miniflare behind the contract server) and one
 * redis-server, sharing a release store and a signing key, as a deployment behind a load
 * balancer runs them: the Admin's browser talks to A, the User's to B.
 */
export const twoInstancesOnD1: StageSetup = {
  name: 'two instances on D1 through Redis',
  async start(settings) {
    // what is started so far, stopped last first: also when a later start fails
    const started: (() => Promise<void> | void)[] = [];
    const stop = async () => {
      for (const stopOne of started.reverse()) await stopOne();
    };
    try {
      const d1 = await startD1ContractServer();
      started.push(() => d1.stop());
      const redis = await startRedisServer();
      started.push(() => redis.dispose());
      const releasesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-e2e-releases-'));
      started.push(() => fs.rmSync(releasesDir, { recursive: true, force: true }));
      const shared = {
        ...d1.env(),
        REDIS_URL: redis.url,
        RELEASES_DIR: releasesDir,
        JWT_SECRET: 'an-e2e-signing-key-shared-by-every-instance',
        ...settings,
      };
      // one after the other: A imports the demo calendar into the new database, B finds it there
      const a = await startAppServer(shared);
      started.push(() => a.stop());
      const b = await startAppServer(shared);
      started.push(() => b.stop());
      const listener = listenForChanges(redis.port);
      started.push(() => void listener.child.kill());
      return {
        adminUrl: a.url,
        userUrl: b.url,
        relayed: listener.heard,
        command: (...args) => releaseCommand(a, ...args),
        stop,
      };
    } catch (error) {
      await stop();
      throw error;
    }
  },
};

/**
 * redis-cli subscribed to the channel on which an instance tells the others that a release
 * changed (whatever REDIS_PREFIX is before it): counts what went through Redis.
 */
function listenForChanges(port: number) {
  const child = spawn('redis-cli', ['-p', String(port), 'PSUBSCRIBE', `*${LIVE_CHANGED_CHANNEL}`], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (text: string) => (output += text));
  return { child, heard: () => output.split('\n').filter((line) => line === 'pmessage').length };
}
