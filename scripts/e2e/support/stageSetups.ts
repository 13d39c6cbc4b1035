import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startD1ContractServer } from '../../../server/testkit/servers/d1/d1ContractServer';
import { startRedisServer } from '../../../server/testkit/servers/redisServer';
import { startAppServer } from './appServer';
import { releaseCommand } from './releases';

/** Where the release stories run: the Admin's browser talks to one address, the User's to another (or the same). */
export interface StageServers {
  adminUrl: string;
  userUrl: string;
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
 * balancer runs them: the Admin's browser talks to A, the User's to B. Each instance reads
 * the releases again only every 10 minutes by itself, so what B's people are told of a change
 * made on A (or by the command line) reaches them through Redis, or not in the test's time.
 */
export const twoInstancesOnD1: StageSetup = {
  name: 'two instances on D1 through Redis',
  async start(settings) {
    const d1 = await startD1ContractServer();
    const redis = await startRedisServer();
    const releasesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-e2e-releases-'));
    const shared = {
      ...d1.env(),
      REDIS_URL: redis.url,
      RELEASES_DIR: releasesDir,
      RELEASES_POLL_SECONDS: '600',
      JWT_SECRET: 'an-e2e-signing-key-shared-by-every-instance',
      ...settings,
    };
    // one after the other: A imports the demo calendar into the new database, B finds it there
    const a = await startAppServer(shared);
    const b = await startAppServer(shared);
    return {
      adminUrl: a.url,
      userUrl: b.url,
      command: (...args) => releaseCommand(a, ...args),
      async stop() {
        await Promise.all([a.stop(), b.stop()]);
        await redis.dispose();
        await d1.stop();
        fs.rmSync(releasesDir, { recursive: true, force: true });
      },
    };
  },
};
