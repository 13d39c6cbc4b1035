import fs from 'node:fs';
import { duplicatesDataDir } from '../../../server/testkit/bench/duplicateLeads';
import { openDatabase } from '../../../server/src/platform/db/openDatabase';
import { createDuplicatesRepository } from '../../../server/src/features/leads/duplicates/duplicatesRepository';
import { groupedInSql, plainRead } from '../../../server/testkit/bench/duplicatesPeers';
import { againstPeer, type Benchmark } from '../benchmark';
import { median, round, timed } from '../support/statistics';

const LEADS = 100_000;
const ROUNDS = 7;

/**
 * The possible duplicates over 100,000 leads (1 in 20 sharing a phone written another way, 1
 * in 25 an e-mail, 1 in 30 a name and address), nothing cached: the one pass the route runs
 * (read the live leads' keys, group them in maps) against a plain read of the same columns,
 * interleaved, medians of 7; and the same grouping done in SQL, for the record.
 */
export const duplicatesBenchmark: Benchmark = {
  name: 'duplicates',
  about: `possible duplicates over ${LEADS.toLocaleString('en-US')} leads, uncached, vs. a plain read of the same columns`,
  async run() {
    const { dir, databasePath } = await duplicatesDataDir(LEADS);
    const db = await openDatabase({ databasePath });
    try {
      const repository = createDuplicatesRepository(db);
      const floor: number[] = [];
      const pass: number[] = [];
      const inSql: number[] = [];
      let groups = 0;
      let sqlGroups = 0;
      for (let attempt = 0; attempt < ROUNDS; attempt += 1) {
        floor.push((await timed(() => plainRead(db))).ms);
        const found = await timed(() => repository.find());
        pass.push(found.ms);
        groups = found.result.groups.length;
        const grouped = await timed(() => groupedInSql(db));
        inSql.push(grouped.ms);
        sqlGroups = grouped.result;
      }
      if (groups === 0 || groups !== sqlGroups)
        throw new Error(
          `the pass found ${groups} groups, SQL ${sqlGroups}: the bench data is not what it was`,
        );
      const floorFigure = { name: 'plain read of the same columns', value: round(median(floor)), unit: 'ms' };
      return [
        againstPeer(
          `duplicates pass, ${LEADS.toLocaleString('en-US')} leads, uncached`,
          { value: round(median(pass)), unit: 'ms' },
          floorFigure,
          { comparison: '≤', ratio: 3 },
          { groups },
        ),
        againstPeer(
          'the same grouping in SQL (GROUP BY on computed keys, ids only)',
          { value: round(median(inSql)), unit: 'ms' },
          floorFigure,
          null,
        ),
      ];
    } finally {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
