import path from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { oneMessageATurn } from '../../../../platform/threads/oneMessageATurn';
import { createThreadPool } from '../../../../platform/threads/threadPool';
import type { CalendarReadResult, EventsListener } from '../../calendarEvent';
import { fromTaskAnswer, type IcsStreamMessage, type IcsTaskAnswer } from './icsReadTask';
import { cancelCredit, createCreditBuffer, returnCredit } from './readerCredit';
import type { IcsReadJob } from './readIcsDocuments';

/** The reader thread's young generation (the space of short-lived objects), in MB. */
const READER_YOUNG_GENERATION_MB = 8;

/**
 * Reading a calendar (parsing, expanding series) is the one CPU-heavy step whose cost a
 * stranger decides: anyone who can send an invitation writes into the calendar. It runs on a
 * worker thread so the API, the hub and /api/health answer whatever the calendar holds.
 * One thread is enough (one run at a time per instance); it is started on the first read, so
 * a server that never syncs never starts it, and then kept: a thread started afresh loads its
 * modules and compiles the parser again, which made a 10,000-event sync after 30 s idle take
 * about 720 ms instead of about 500 (a sync on SYNC_CRON or a click is always after idle).
 * Idle, it costs no measurable RSS once V8 has collected its garbage.
 */
const readers = createThreadPool({
  module: path.join(__dirname, 'icsReadTask.ts'),
  task: 'icsReadTask',
  maxThreads: 1,
  // parsing makes garbage at a high rate, and a large young generation lets it pile up with
  // the calendar's length (peak RSS of 500,000 events ÷ 100,000: 1.35× by default, 1.2× so),
  // for a reader about a tenth slower
  resourceLimits: { maxYoungGenerationSizeMb: READER_YOUNG_GENERATION_MB },
});

/** A read this large leaves the thread's heap as large: it is ended so the run writes with that memory back. */
const LARGE_READ_EVENTS = 50_000;

/**
 * Reads the job on the reader thread. With `onEvents`, the events are handed over as the
 * thread reads them (see EventsListener), so the run works on them meanwhile.
 */
export async function readIcsOffThread(
  job: IcsReadJob,
  onEvents?: EventsListener,
): Promise<CalendarReadResult> {
  if (!onEvents) {
    const answer = await readers.run<IcsTaskAnswer>(job);
    if (answer.ok && answer.result.events.length > LARGE_READ_EVENTS) void closeIcsReaders();
    return fromTaskAnswer(answer);
  }
  const { port1, port2 } = new MessageChannel();
  const credit = createCreditBuffer();
  let events = 0;
  try {
    const answer = await new Promise<IcsTaskAnswer>((resolve, reject) => {
      // the thread's batches are taken one an event-loop turn (oneMessageATurn.ts)
      let settled = false;
      const fail = (error: unknown) => {
        settled = true;
        stopTaking();
        reject(error);
      };
      const stopTaking = oneMessageATurn<IcsStreamMessage>(port1, (message) => {
        if (settled) return;
        if ('answer' in message) {
          settled = true;
          return resolve(message.answer);
        }
        events += message.events.length;
        try {
          onEvents(message.events);
          returnCredit(credit);
        } catch (error) {
          fail(error);
        }
      });
      // a thread that dies sends no answer: its task's failure is the read's
      readers.run({ ...job, port: port2, credit }, { transferList: [port2] }).catch(fail);
    });
    if (events > LARGE_READ_EVENTS) void closeIcsReaders();
    return fromTaskAnswer(answer);
  } finally {
    // a read given up (a limit, a failed step) releases a thread waiting for the run
    cancelCredit(credit);
    port1.close();
  }
}

/**
 * Starts the reader thread ahead of the first read (a server that syncs from a calendar it
 * reads there, at its start): loading and compiling its modules took about 0.5 s of the
 * first sync after a start. An empty read; its answer does not matter.
 */
export function startIcsReader(job: Pick<IcsReadJob, 'range' | 'defaultZone' | 'limits'>): void {
  readers.run({ ...job, documents: [], unreadable: 'report' } satisfies IcsReadJob).catch(() => undefined);
}

/** Ends the reader thread (tests and a closing server; a later read starts a new one). */
export const closeIcsReaders = (): Promise<void> => readers.close();
