import { formatDateTime, formatRelativeTime, type SyncStatus } from '@auditdesk/shared';
import { stepName } from './syncRunState';

/** A run silent this long is worth pointing out (a step may take a while, but not this long). */
export const QUIET_AFTER_MS = 60_000;

const STARTED_BY: Record<NonNullable<SyncStatus['running']>['trigger'], string> = {
  api: 'from the Sync screen',
  cli: 'from the command line',
  schedule: 'by the schedule (SYNC_CRON)',
  'first-start': 'by the first start',
};

export interface RunningRunNotice {
  /** Which run is on, who started it, when, and at which step. */
  summary: string;
  /** Set when it has been quiet: since when, and when it will be stopped. */
  quiet: string | null;
}

/**
 * What the Sync screen says about a run it did not start (another tab, person, instance,
 * the command line or the schedule): so nobody wonders why Start Sync waits, or for how long.
 */
export function runningRunNotice(
  running: NonNullable<SyncStatus['running']>,
  now = Date.now(),
): RunningRunNotice {
  const step = running.stage ? `, now at “${stepName(running.stage)}”` : '';
  const summary = `Sync #${running.id} is running: started ${STARTED_BY[running.trigger]} ${formatRelativeTime(running.startedAt, now)}${step}. Start Sync is available again when it ends.`;
  const silentFor = now - Date.parse(running.lastProgressAt);
  const quiet =
    silentFor >= QUIET_AFTER_MS
      ? `No progress since ${formatDateTime(running.lastProgressAt)}. If none comes, it will be stopped at ${formatDateTime(running.stopsAt)} and a new sync can start.`
      : null;
  return { summary, quiet };
}
