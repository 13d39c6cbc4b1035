// `pnpm fuzz [runs] [seed]`: the long fuzz of the API (1,000 requests per operation and
// caller by default), printing the requests sent and the answers by status.
import { createFuzzTarget } from '../../server/testkit/fuzzTarget';
import { fuzzApi } from './fuzzApi';
import { operationsOf } from './operations';

async function main() {
  const runs = Number(process.argv[2] ?? 1000);
  const seed = Number(process.argv[3] ?? Date.now() % 2 ** 31);
  console.log(`fuzzing with ${runs} requests per operation and caller, seed ${seed}`);
  const { t, target, document } = await createFuzzTarget();
  const started = performance.now();
  try {
    const operations = operationsOf(document);
    const report = await fuzzApi(target, operations, { runs, seed });
    console.log(
      `${operations.length} operations × 4 callers: ${report.requests} requests in ${Math.round((performance.now() - started) / 1000)} s`,
    );
    for (const [status, count] of Object.entries(report.byStatus).sort())
      console.log(`  ${status}: ${count}`);
    console.log('no rule broken');
  } finally {
    await t.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
