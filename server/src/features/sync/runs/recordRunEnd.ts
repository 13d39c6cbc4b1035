import type { FastifyBaseLogger } from 'fastify';
import { DatabaseUnavailableError, rootDatabaseError } from '../../../platform/db/databaseUnavailable';
import type { EndedRun, FinishedRun, SyncRuns } from './syncRunsRepository';

/** How long the end of a run is tried again when the database refuses it. */
const END_WRITE_PATIENCE_MS = 2 * 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Records how a run ended (or finds it failed already by another instance, which then
 * announced it). The end must land: a run left 'running' refuses every sync until
 * its lease runs out and then reads "interrupted", its cause lost. A database that refuses
 * the small write (a 429 asking for 30 s) is asked again past the request policy, within
 * END_WRITE_PATIENCE_MS.
 */
export async function recordRunEnd(
  runs: SyncRuns,
  runId: number,
  recorded: FinishedRun,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<EndedRun> {
  const giveUpAt = Date.now() + END_WRITE_PATIENCE_MS;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const ended = await runs.finish(runId, recorded);
      // a retry after a write that landed but whose answer was lost finds its own verdict
      const landedBefore =
        attempt > 1 &&
        ended.run.message === recorded.message &&
        ended.run.status === (recorded.success ? 'succeeded' : 'failed');
      return landedBefore ? { ...ended, endedHere: true } : ended;
    } catch (failure) {
      const error = rootDatabaseError(failure);
      if (!(error instanceof DatabaseUnavailableError) || Date.now() >= giveUpAt) throw failure;
      const asked =
        error.retryAfterSeconds === undefined ? 1000 * 2 ** attempt : error.retryAfterSeconds * 1000;
      log?.warn({ err: error, runId }, 'the end of a sync run could not be recorded yet; trying again');
      await sleep(Math.max(0, Math.min(asked, giveUpAt - Date.now())));
    }
  }
}
