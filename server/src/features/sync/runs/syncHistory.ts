import {
  showCounts,
  SYNC_COUNTS,
  type SyncCounts,
  type SyncHistoryEntry,
  type SyncHistoryPage,
} from '@auditdesk/shared/core';
import type { SyncRunRow } from '../../../platform/db/schema';
import type { UsersRepository } from '../../users/usersRepository';
import type { SyncRuns } from './syncRunsRepository';

const readable = (n: number) => Number.isInteger(n) && n >= 0;

/** A history entry (spec section 3) with the run's details; `startedBy` names the user who started it. */
export function toHistoryEntry(run: SyncRunRow, startedBy: string | null = null): SyncHistoryEntry {
  // a count no run can have (an older release's double-counted resend): said, not a 500 for the whole page
  const unreadable = SYNC_COUNTS.some((name) => !readable(run[name]));
  const counts = Object.fromEntries(
    SYNC_COUNTS.map((name) => [name, readable(run[name]) ? run[name] : 0]),
  ) as SyncCounts;
  return {
    id: run.id,
    success: run.status === 'succeeded',
    status: run.status,
    message: unreadable ? `${run.message} (This run's recorded counts could not be read.)` : run.message,
    ...showCounts(counts),
    startDate: run.startDate,
    endDate: run.endDate,
    trigger: run.trigger,
    userId: run.userId,
    source: run.source,
    sink: run.sink,
    stage: run.stage,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    startedBy,
    durationMs: run.finishedAt ? Math.max(0, Date.parse(run.finishedAt) - Date.parse(run.startedAt)) : null,
    timestamp: run.finishedAt ?? run.startedAt,
  };
}

/** The record of past runs as the Sync screen reads it. */
export function createSyncHistory(runs: SyncRuns, users: Pick<UsersRepository, 'namesOf'>) {
  return {
    history: async (limit?: number) => (await runs.history(limit)).map((run) => toHistoryEntry(run)),

    /** One page of the runs, newest first, with the total and the names of who started them. */
    async historyPage(page: number, pageSize: number): Promise<SyncHistoryPage> {
      const rows = await runs.history(pageSize, (page - 1) * pageSize);
      const names = await users.namesOf(rows.flatMap((run) => (run.userId === null ? [] : [run.userId])));
      return {
        items: rows.map((run) =>
          toHistoryEntry(run, run.userId === null ? null : (names.get(run.userId) ?? null)),
        ),
        total: await runs.total(),
        page,
        pageSize,
      };
    },
  };
}
