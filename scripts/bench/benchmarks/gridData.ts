import autocannon from 'autocannon';
import { openDatabase } from '../../../server/src/platform/db/openDatabase';
import { createLeadsRepository } from '../../../server/src/features/leads/repository/leadsRepository';
import { againstLimit, againstPeer, type Benchmark } from '../benchmark';
import { seededDataDir } from '../../../server/testkit/bench/benchLeads';
import { startInProcessApp } from '../../../server/testkit/bench/inProcessApp';
import { median, round, timed } from '../support/statistics';
import fs from 'node:fs';

const LEADS = 100_000;
const DURATION_S = 10;
const CONNECTIONS = 10;
const TRIVIAL_ROUTE = '/bench/trivial';

/** The grid query itself over two years of leads, nothing cached: median of 7. */
async function uncachedQueryMs(): Promise<number> {
  const { dir, databasePath } = await seededDataDir(LEADS);
  const db = await openDatabase({ databasePath });
  try {
    const leads = createLeadsRepository(db);
    const times: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const { ms, result } = await timed(() =>
        leads.grid(['Sam Rivera', 'Alex Chen'], {
          startDate: '2024-01-01',
          endDate: '2025-12-31',
          timeZone: 'America/New_York',
        }),
      );
      if (result.length === 0) throw new Error('no grid records');
      times.push(ms);
    }
    return median(times);
  } finally {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function requestsPerSecond(url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
  const failed = result.errors + result.non2xx + result.timeouts;
  if (failed) throw new Error(`${failed} of ${result.requests.total} requests to ${url} failed`);
  return result;
}

/**
 * GET /api/leads/grid-data over 100,000 leads: the query uncached, then the route under
 * autocannon for 10 s against a trivial route of the same server in the same run.
 */
export const gridDataBenchmark: Benchmark = {
  name: 'grid-data',
  about: `grid-data over ${LEADS.toLocaleString('en-US')} leads: the query uncached; req/s under autocannon vs. a trivial route`,
  async run() {
    const queryMs = await uncachedQueryMs();
    const server = await startInProcessApp(LEADS, (app) => {
      app.get(TRIVIAL_ROUTE, async () => ({ ok: true }));
    });
    try {
      const headers = { authorization: server.authorization, 'accept-encoding': 'gzip, deflate, br' };
      const trivial = await requestsPerSecond(`${server.url}${TRIVIAL_ROUTE}`, headers);
      const grid = await requestsPerSecond(
        `${server.url}/api/leads/grid-data?startDate=2025-01-01&endDate=2025-12-31`,
        headers,
      );
      return [
        againstLimit(
          `grid-data query, ${LEADS.toLocaleString('en-US')} leads, uncached`,
          { value: round(queryMs), unit: 'ms' },
          '<',
          100,
        ),
        againstPeer(
          `grid-data under autocannon (${CONNECTIONS} connections, ${DURATION_S} s)`,
          { value: round(grid.requests.average), unit: 'req/s' },
          { name: 'trivial route', value: round(trivial.requests.average), unit: 'req/s' },
          null,
          { 'p50 ms': grid.latency.p50, 'p99 ms': grid.latency.p99 },
        ),
      ];
    } finally {
      await server.close();
    }
  },
};
