import fc from 'fast-check';
import { brokenRule, type Caller, type FuzzResponse } from './checkResponse';
import { invalidRequest, validRequest, type FuzzPools, type FuzzRequest } from './generateRequest';
import type { Operation } from './operations';

export const CALLERS: Caller[] = ['anonymous', 'User', 'Manager', 'Admin'];

export interface FuzzTarget {
  send(request: FuzzRequest, token: string | null): Promise<FuzzResponse>;
  tokens: Record<Caller, string | null>;
  /** A fingerprint of all stored data: a refused request must leave it as it was. */
  digest(): Promise<string>;
  pools: FuzzPools;
}

export interface FuzzReport {
  requests: number;
  byStatus: Record<string, number>;
}

/**
 * Drives every operation as every caller with valid and invalid requests (fast-check,
 * `runs` each, from `seed`), checking every answer; throws with the seed and the smallest
 * failing request when a rule breaks.
 */
export async function fuzzApi(
  target: FuzzTarget,
  operations: Operation[],
  { runs, seed }: { runs: number; seed: number },
): Promise<FuzzReport> {
  const report: FuzzReport = { requests: 0, byStatus: {} };
  // The data's digest while nothing changed it: a refused request's "after" is the next
  // request's "before", so only an accepted request makes the next one read the data again.
  let unchanged: string | null = null;
  for (const operation of operations) {
    for (const caller of CALLERS) {
      const requests = fc.oneof(
        validRequest(operation, target.pools),
        invalidRequest(operation, target.pools),
      );
      await fc.assert(
        fc.asyncProperty(requests, async (request) => {
          const before = unchanged ?? (await target.digest());
          unchanged = null;
          const response = await target.send(request, target.tokens[caller] ?? null);
          report.requests += 1;
          report.byStatus[response.status] = (report.byStatus[response.status] ?? 0) + 1;
          const broken = brokenRule(operation, caller, response, request);
          if (broken) throw new Error(`${operation.name} as ${caller} (${request.kind}): ${broken}`);
          if (response.status >= 400) {
            const after = await target.digest();
            if (after !== before)
              throw new Error(
                `${operation.name} as ${caller} (${request.kind}): a refused request (${response.status}) changed the data`,
              );
            unchanged = after;
          }
        }),
        { numRuns: runs, seed, endOnFailure: true, includeErrorInReport: true },
      );
    }
  }
  return report;
}
