/**
 * Flow control between the reader thread and the run: the thread reads far faster than a
 * large run writes its leads, and every batch it sends ahead waits in memory. Through one
 * shared counter the thread keeps at most MAX_BATCHES_AHEAD batches unanswered, blocking
 * (it reads synchronously) until the run has taken one; a run that gives up says so, and a
 * waiting thread stops instead of waiting for good.
 */
export const MAX_BATCHES_AHEAD = 8;

const AHEAD = 0;
const CANCELLED = 1;
/** How long the thread sleeps between looks at a cancelled run it was not woken for. */
const WAIT_MS = 1_000;

export class ReadCancelledError extends Error {
  override name = 'ReadCancelledError';
}

/** The shared counter: made by the run, handed to the thread in the job. */
export const createCreditBuffer = () => new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT);

/** The thread's side: before it sends a batch. */
export function awaitCredit(buffer: SharedArrayBuffer): void {
  const counts = new Int32Array(buffer);
  for (;;) {
    if (Atomics.load(counts, CANCELLED) === 1)
      throw new ReadCancelledError('The run stopped reading the calendar.');
    const ahead = Atomics.load(counts, AHEAD);
    if (ahead < MAX_BATCHES_AHEAD) break;
    Atomics.wait(counts, AHEAD, ahead, WAIT_MS);
  }
  Atomics.add(counts, AHEAD, 1);
}

/** The run's side: once it has taken a batch. */
export function returnCredit(buffer: SharedArrayBuffer): void {
  const counts = new Int32Array(buffer);
  Atomics.sub(counts, AHEAD, 1);
  Atomics.notify(counts, AHEAD);
}

/** The run's side: it takes no more batches. */
export function cancelCredit(buffer: SharedArrayBuffer): void {
  const counts = new Int32Array(buffer);
  Atomics.store(counts, CANCELLED, 1);
  Atomics.notify(counts, AHEAD);
}
