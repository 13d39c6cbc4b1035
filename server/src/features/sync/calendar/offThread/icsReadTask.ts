import type { MessagePort } from 'node:worker_threads';
import type { CalendarEvent, CalendarReadResult } from '../calendarEvent';
import { CalendarLimitError, type CalendarLimits } from '../../../../platform/config/calendarLimits';
import { CalendarFileError } from '../readIcsEvents';
import { readIcsDocuments, type IcsReadJob } from './readIcsDocuments';

/** Errors cross the thread as data: their class decides how the run reports them. */
export type IcsTaskAnswer =
  | { ok: true; result: CalendarReadResult }
  | { ok: false; kind: 'limit'; limit: keyof CalendarLimits; message: string }
  | { ok: false; kind: 'file' | 'other'; message: string };

/**
 * What crosses `port` of a streamed read: batches of events as they are read, then the
 * answer (its result without the events). The answer comes last on the same port, so it
 * never overtakes a batch.
 */
export type IcsStreamMessage = { events: CalendarEvent[] } | { answer: IcsTaskAnswer };

/**
 * How a streamed read keeps pace with the thread that takes its events, in a SharedArrayBuffer
 * of two Int32s: the batches taken so far, and 1 once the taker has given up. The reader
 * waits while BATCHES_AHEAD batches are not taken yet: a taker slower than the reader (the
 * run parses each event) would otherwise find the whole calendar queued on its port.
 */
export const FLOW_TAKEN = 0;
export const FLOW_GIVEN_UP = 1;
export const BATCHES_AHEAD = 8;

/** Waits until the taker is less than BATCHES_AHEAD batches behind; false when it gave up. */
function waitForTaker(flow: Int32Array, sent: number): boolean {
  for (;;) {
    if (Atomics.load(flow, FLOW_GIVEN_UP) !== 0) return false;
    const taken = Atomics.load(flow, FLOW_TAKEN);
    if (sent - taken < BATCHES_AHEAD) return true;
    // woken by each batch taken; the timeout only bounds a wait for a taker that is gone
    Atomics.wait(flow, FLOW_TAKEN, taken, 1_000);
  }
}

/**
 * What the worker thread runs for one read (see icsReadWorker.cjs). Given a `port`, the
 * events go through it as they are read, at the pace `flow` tells, and so does the answer.
 */
export function icsReadTask({
  port,
  flow,
  ...job
}: IcsReadJob & { port?: MessagePort; flow?: SharedArrayBuffer }): IcsTaskAnswer | null {
  if (!port) return readAll(job);
  const pace = flow ? new Int32Array(flow) : null;
  let sent = 0;
  const answer = readAll(job, (events) => {
    if (pace && !waitForTaker(pace, sent)) throw new Error('The calendar read was given up.');
    port.postMessage({ events } satisfies IcsStreamMessage);
    sent += 1;
  });
  port.postMessage({ answer } satisfies IcsStreamMessage);
  port.close();
  return null;
}

function readAll(job: IcsReadJob, onEvents?: (events: CalendarEvent[]) => void): IcsTaskAnswer {
  try {
    return { ok: true, result: readIcsDocuments(job, onEvents) };
  } catch (error) {
    if (error instanceof CalendarLimitError)
      return { ok: false, kind: 'limit', limit: error.limit, message: error.message };
    return {
      ok: false,
      kind: error instanceof CalendarFileError ? 'file' : 'other',
      message: error instanceof Error ? error.message : String(error),
    };
  }
}

/** The answer back as the error the reader would have thrown on this thread. */
export function fromTaskAnswer(answer: IcsTaskAnswer): CalendarReadResult {
  if (answer.ok) return answer.result;
  if (answer.kind === 'limit')
    throw Object.assign(new CalendarLimitError(answer.limit, ''), { message: answer.message });
  if (answer.kind === 'file') throw new CalendarFileError(answer.message);
  throw new Error(answer.message);
}
