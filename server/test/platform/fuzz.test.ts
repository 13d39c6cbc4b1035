import { fuzzApi } from '../../../scripts/fuzz/fuzzApi';
import { operationsOf } from '../../../scripts/fuzz/operations';
import { createFuzzTarget } from '../../testkit/fuzzTarget';

/** The bounded part of the fuzz suite (`pnpm fuzz` runs it long); the seed is printed on a failure. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

describe('the API under fuzzing, driven by its OpenAPI document', () => {
  it(`keeps every rule for ${RUNS} requests per operation and caller (seed ${SEED})`, async () => {
    const { t, target, document } = await createFuzzTarget();
    try {
      const operations = operationsOf(document);
      expect(operations.length).toBeGreaterThanOrEqual(40);
      const report = await fuzzApi(target, operations, { runs: RUNS, seed: SEED });
      expect(report.requests).toBe(operations.length * 4 * RUNS);
    } finally {
      await t.close();
    }
  }, 600_000);
});
