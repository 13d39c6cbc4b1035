import { againstPeer, type Benchmark } from '../benchmark';
import { startInProcessApp } from '../../../server/testkit/bench/inProcessApp';
import { round, timed } from '../support/statistics';

const LEADS = 10_000;

type Versioned = { id: number; version: number };

/**
 * POST /api/leads/bulk changing the status of 10,000 leads (one action, all or nothing, a
 * history entry each), next to the same change made as 10,000 PATCHes one after another in
 * the same run: what the office would otherwise wait for.
 */
export const bulkLeadsBenchmark: Benchmark = {
  name: 'bulk-leads',
  about: `a bulk status change of ${LEADS.toLocaleString('en-US')} leads vs. ${LEADS.toLocaleString('en-US')} single PATCHes`,
  async run() {
    const server = await startInProcessApp(LEADS);
    try {
      const headers = { authorization: server.authorization };
      const listed = await server.app.inject({
        url: '/api/leads?excludeCalendarNotFormatted=false',
        headers,
      });
      const leads = (listed.json() as Versioned[]).map(({ id, version }) => ({ id, version }));
      if (leads.length !== LEADS) throw new Error(`expected ${LEADS} leads, the list has ${leads.length}`);

      const bulk = await timed(() =>
        server.app.inject({
          method: 'POST',
          url: '/api/leads/bulk',
          headers,
          payload: { leads, change: { status: 'Cancelled' } },
        }),
      );
      if (bulk.result.statusCode !== 200)
        throw new Error(`the bulk change answered ${bulk.result.statusCode}`);
      const after = (bulk.result.json() as { leads: Versioned[] }).leads;

      const singles = await timed(async () => {
        for (const { id, version } of after) {
          const response = await server.app.inject({
            method: 'PATCH',
            url: `/api/leads/${id}`,
            headers: { ...headers, 'if-match': `"${version}"` },
            payload: { status: 'Completed' },
          });
          if (response.statusCode !== 200) throw new Error(`PATCH ${id} answered ${response.statusCode}`);
        }
      });
      return [
        againstPeer(
          `bulk change of ${LEADS.toLocaleString('en-US')} leads`,
          { value: round(bulk.ms), unit: 'ms' },
          { name: `${LEADS.toLocaleString('en-US')} single PATCHes`, value: round(singles.ms), unit: 'ms' },
          { comparison: '<', ratio: 0.1 },
          {
            'per lead, bulk (ms)': round(bulk.ms / LEADS),
            'per lead, PATCH (ms)': round(singles.ms / LEADS),
          },
        ),
      ];
    } finally {
      await server.close();
    }
  },
};
