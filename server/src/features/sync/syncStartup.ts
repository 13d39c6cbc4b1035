import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config/loadConfig';
import { HttpProblem } from '../../platform/errors/httpProblem';
import { demoSpan } from './demo/generateDemoCalendar';
import { defaultSyncRange } from './engine/syncRange';
import { SyncLockUnavailable } from './lock/syncLock';
import { SyncAlreadyRunning } from './runs/syncRunsRepository';
import { ensureDemoCalendar } from './syncSetup';
import type { SyncService } from './syncService';
import { startIcsReader } from '../calendar/ics/offThread/readIcsOffThread';

/** Another run holds the sync, the lock cannot be taken, or a restore is under way (409): try later. */
const isRefusal = (error: unknown): error is Error =>
  error instanceof SyncAlreadyRunning ||
  error instanceof SyncLockUnavailable ||
  (error instanceof HttpProblem && error.statusCode === 409);

/**
 * At start: the demo calendar is written
 * and, on a new database, imported whole so every screen has data; the calendar's reader
 * thread is started; SYNC_CRON is scheduled.
 * Answers the function that stops the schedule.
 */
export async function startSync(
  sync: SyncService,
  config: Config,
  log: FastifyBaseLogger,
  today = new Date(),
): Promise<() => void> {
  ensureDemoCalendar(config, today);
  // the calendar is read on a thread of its own: started now, in the background, not by the first run
  if (config.calendar.source === 'ics' || config.calendar.source === 'caldav')
    startIcsReader({
      range: defaultSyncRange(),
      defaultZone: config.calendar.timeZone,
      limits: config.calendarLimits,
    });

  if (config.calendar.isDemo && (await sync.runs.history(1)).length === 0) {
    try {
      const result = await sync.execute(demoSpan(today), 'first-start', null);
      log.info(
        { result: { success: result.success, message: result.message } },
        'imported the demo calendar',
      );
    } catch (error) {
      // another instance is importing it, or Redis is away: the next start tries again
      if (!isRefusal(error)) throw error;
      log.warn({ reason: error.message }, 'demo calendar not imported now');
    }
  }

  if (config.syncCron) {
    const job = new Cron(config.syncCron, { protect: true }, async () => {
      try {
        const result = await sync.execute(defaultSyncRange(), 'schedule', null);
        log.info({ success: result.success, message: result.message }, 'scheduled sync finished');
      } catch (error) {
        if (error instanceof SyncAlreadyRunning)
          log.info({ runId: error.runId }, 'scheduled sync skipped: one is running');
        else if (isRefusal(error)) log.warn({ reason: error.message }, 'scheduled sync skipped');
        else log.error({ err: error }, 'scheduled sync failed');
      }
    });
    log.info({ next: job.nextRun()?.toISOString() }, 'sync scheduled');
    return () => job.stop();
  }
  return () => {};
}
