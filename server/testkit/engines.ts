import type { DatabaseEngine } from '../src/platform/db/database';

/** The engines the parametrised suites run on: `describe.each(ENGINES)`. */
export const ENGINES: DatabaseEngine[] = ['sqlite', 'd1'];

/** The engine of suites that do not choose: AUDITDESK_TEST_DATABASE (sqlite or d1), default sqlite. */
export function defaultTestEngine(): DatabaseEngine {
  const chosen = process.env.AUDITDESK_TEST_DATABASE ?? 'sqlite';
  if (chosen !== 'sqlite' && chosen !== 'd1')
    throw new Error(`AUDITDESK_TEST_DATABASE: expected sqlite or d1 (got "${chosen}")`);
  return chosen;
}
