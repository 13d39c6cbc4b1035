import { gunzipSync, gzipSync } from 'node:zlib';
import { againstPeer, type Benchmark } from '../benchmark';
import { startInProcessApp } from '../../../server/testkit/bench/inProcessApp';
import { median, round, timed } from '../support/statistics';

const LEADS = 20_000;

/**
 * GET /api/leads with 20,000 leads, gzip-compressed as a browser asks (median of 7), next
 * to the least the route must do without a cache: serialize the same body and gzip it.
 */
export const leadsListBenchmark: Benchmark = {
  name: 'leads-list',
  about: `GET /api/leads with ${LEADS.toLocaleString('en-US')} leads vs. JSON.stringify + gzip of the same body`,
  async run() {
    const server = await startInProcessApp(LEADS);
    try {
      const headers = { authorization: server.authorization, 'accept-encoding': 'gzip' };
      const routeTimes: number[] = [];
      const floorTimes: number[] = [];
      for (let i = 0; i < 7; i += 1) {
        const { ms, result: response } = await timed(() => server.app.inject({ url: '/api/leads', headers }));
        if (response.statusCode !== 200 || response.headers['content-encoding'] !== 'gzip')
          throw new Error(`the list was not answered gzipped (${response.statusCode})`);
        routeTimes.push(ms);
        const leads: unknown = JSON.parse(gunzipSync(response.rawPayload).toString());
        floorTimes.push((await timed(() => gzipSync(JSON.stringify(leads)))).ms);
      }
      return [
        againstPeer(
          `GET /api/leads, ${LEADS.toLocaleString('en-US')} leads, gzip`,
          { value: round(median(routeTimes)), unit: 'ms' },
          { name: 'stringify + gzip', value: round(median(floorTimes)), unit: 'ms' },
          null,
        ),
      ];
    } finally {
      await server.close();
    }
  },
};
