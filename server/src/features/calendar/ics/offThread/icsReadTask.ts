import type { MessagePort } from 'node:worker_threads';
import type { CalendarEvent, CalendarReadResult } from '../../calendarEvent';
import { CalendarLimitError, type CalendarLimits } from '../../../../platform/config/calendarLimits';
import { CalendarFileError } from '../readIcsEvents';
import { readIcsDocuments, type IcsReadJob } from './readIcsDocuments';
import { awaitCredit } from './readerCredit';

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
 * What the worker thread runs for one read (see readIcsOffThread.ts). Given a `port`, the
 * events go through it as they are read, and so does the answer; given `credit`, no more
 * than a few batches ahead of the run (readerCredit).
 */
export function icsReadTask({
  port,
  credit,
  ...job
}: IcsReadJob & { port?: MessagePort; credit?: SharedArrayBuffer }): IcsTaskAnswer | null {
  if (!port) return readAll(job);
  const answer = readAll(job, (events) => {
    if (credit) awaitCredit(credit);
    port.postMessage({ events } satisfies IcsStreamMessage);
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
