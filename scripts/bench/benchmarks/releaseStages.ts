import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fakeWebRoot, publishedRelease } from '../../../server/testkit/builders/releaseBuilds';
import { hubClient, startTwoInstances, type Instance } from '../../../server/testkit/instances/twoInstances';
import { startRedisServer } from '../../../server/testkit/servers/redisServer';
import { againstLimit, type Benchmark } from '../benchmark';

/** The official hub client, as a tab holds it. */
type HubConnection = ReturnType<typeof hubClient>;

const ROUNDS = 8;
const REMOTE = 'remote_leads';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!);
};

/** When a tab is next told `version` of Leads (RemoteReleased), in performance.now() time. */
function toldAt(tab: HubConnection, version: string): Promise<number> {
  return new Promise((resolve) => {
    const heard = (remote: string, told: string | null) => {
      if (remote !== REMOTE || told !== version) return;
      tab.off('RemoteReleased', heard);
      resolve(performance.now());
    };
    tab.on('RemoteReleased', heard);
  });
}

async function post(instance: Instance, token: string, url: string, body: unknown): Promise<void> {
  const response = await fetch(`${instance.url}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
}

/**
 * Issue 40's three times, on two instances (each its own app and hub, in this process so one
 * clock times both ends) on one SQLite file and one redis-server, an Admin's tab (the official
 * hub client) on each: a stage for Admins made through A's API until the tab on B is told, and
 * the tab on A; two failed loads of the staged release reported to A until both tabs are told
 * it is taken back (the watch's look 0.3 s after a report, its abort, the relay); a promotion
 * on A until the tab on A is told (what shows the banner). ROUNDS rounds, a new release each.
 */
export const releaseStagesBenchmark: Benchmark = {
  name: 'release-stages',
  about:
    'stage on A → tab on B through Redis; two failed loads → stage aborted, tabs told; promote → tab told',
  async run() {
    const redis = await startRedisServer();
    const webRoot = fakeWebRoot();
    const { a, b, close } = await startTwoInstances({
      REDIS_URL: redis.url,
      WEB_ROOT: webRoot,
      RELEASES_KEEP: '100',
      RELEASE_WATCH_MIN_LOADS: '2',
      // each round's promotion is not watched: the next round's stage is judged alone
      RELEASE_WATCH_AFTER_PROMOTION_MINUTES: '0',
    });
    const tabs: HubConnection[] = [];
    try {
      const tokenA = (await a.login()).access_token as string;
      const tokenB = (await b.login()).access_token as string;
      tabs.push(hubClient(a, tokenA), hubClient(b, tokenB));
      const [onA, onB] = tabs as [HubConnection, HubConnection];
      await Promise.all(tabs.map((tab) => tab.start()));
      const times = {
        stageB: [] as number[],
        stageA: [] as number[],
        abort: [] as number[],
        promote: [] as number[],
      };

      let live = (await publishedRelease(a, REMOTE, { live: true })).version;
      for (let round = 0; round < ROUNDS; round += 1) {
        const staged = (await publishedRelease(a, REMOTE)).version;
        const next = (await publishedRelease(a, REMOTE)).version;

        let arrivals = [toldAt(onA, staged), toldAt(onB, staged)];
        let started = performance.now();
        await post(a, tokenA, `/api/releases/${REMOTE}/stage`, {
          version: staged,
          audience: { kind: 'role', role: 'Admin' },
        });
        const [stagedOnA, stagedOnB] = await Promise.all(arrivals);
        times.stageA.push(stagedOnA! - started);
        times.stageB.push(stagedOnB! - started);

        arrivals = [toldAt(onA, live), toldAt(onB, live)];
        started = performance.now();
        for (let report = 0; report < 2; report += 1)
          await post(a, tokenA, '/api/releases/load-errors', {
            remote: REMOTE,
            version: staged,
            phase: 'entry',
            error: 'RUNTIME-008',
            route: '/leads',
          });
        times.abort.push(Math.max(...(await Promise.all(arrivals))) - started);

        const promoted = toldAt(onA, next);
        started = performance.now();
        await post(a, tokenA, `/api/releases/${REMOTE}/promote`, { version: next });
        times.promote.push((await promoted) - started);
        live = next;
      }

      /** A time to tell a tab, its p95 against `limit` ms, its p50 and the rounds beside. */
      const p95 = (name: string, samples: number[], limit: number, beside: Record<string, number> = {}) =>
        againstLimit(`${name}, p95`, { value: percentile(samples, 0.95), unit: 'ms' }, '<', limit, {
          p50: percentile(samples, 0.5),
          ...beside,
          rounds: ROUNDS,
        });
      return [
        p95('a stage made on instance A told to a tab on B through Redis', times.stageB, 1000, {
          'to a tab on A, p50': percentile(times.stageA, 0.5),
        }),
        p95('two failed loads reported → the stage taken back by itself, both tabs told', times.abort, 2000),
        p95('a promotion told to an open tab (its banner)', times.promote, 1000),
      ];
    } finally {
      await Promise.all(tabs.map((tab) => tab.stop()));
      await close();
      await redis.dispose();
      fs.rmSync(webRoot, { recursive: true, force: true });
    }
  },
};
