import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config/loadConfig';
import type { Database } from '../../platform/db/database';
import type { Notifier } from '../notifications/notifier';
import type { RetryPolicy, RetryTuning } from '../../platform/http/retryPolicy';
import { createCalendarWriter, type CalendarWriter } from './calendarWriter';
import {
  createCalendarWritesRepository,
  requestWriteStatements,
} from '../leads/calendarWrites/calendarWritesRepository';
import type { EditWriteRequests } from '../leads/calendarWrites/editWriteRequests';
import { createEventWriter, writeBackMode } from '../calendar/calendarProviders';
import type { EventWriter } from '../calendar/eventWriter';

export type { EditWriteRequests };

export interface WriteBackOptions {
  /** The pauses between attempts (tests shorten them). */
  policy?: RetryPolicy;
  /** The calendar requests' own retries when busy (tests use a clock that never waits). */
  retry?: RetryTuning;
  pollMs?: number;
  /** Instead of the configured calendar's writer. */
  writer?: EventWriter;
}

/**
 * Write-back of office edits to the calendar (DESIGN.md section 16): with it on and a
 * writable source, each edit stores a write that the worker makes in the background.
 */
export function createWriteBack(
  config: Config,
  db: Database,
  log: FastifyBaseLogger,
  notifier: Pick<Notifier, 'calendarWriteRefused'>,
  options: WriteBackOptions = {},
) {
  const mode = writeBackMode(config.calendar);
  const writer = mode === 'on' ? (options.writer ?? createEventWriter(config, options.retry)) : null;
  const worker: CalendarWriter | null =
    writer &&
    createCalendarWriter({
      writes: createCalendarWritesRepository(db),
      writer,
      log,
      announceRefusal: (lead, reason) => notifier.calendarWriteRefused(lead, reason),
      policy: options.policy,
      pollMs: options.pollMs,
    });
  return {
    mode,
    worker,
    /** For the leads' edits: null while edits stay office values only. */
    editRequests: worker
      ? ({
          statements: requestWriteStatements,
          requested: () => worker.requested(),
        } satisfies EditWriteRequests)
      : null,
  };
}
