import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { icsCalendar, manyEvents } from '../../testkit/builders/icsBuilder';
import {
  cancelCredit,
  createCreditBuffer,
  MAX_BATCHES_AHEAD,
  returnCredit,
} from '../../src/features/calendar/ics/offThread/readerCredit';
import {
  closeIcsReaders,
  readIcsOffThread,
} from '../../src/features/calendar/ics/offThread/readIcsOffThread';
import { DEFAULT_CALENDAR_LIMITS } from '../../src/platform/config/calendarLimits';

/** A thread that sends `batches` numbered messages, each once it has credit. */
function sender(credit: SharedArrayBuffer, batches: number) {
  const worker = new Worker(
    `require('tsx/cjs/api').register();
     const { parentPort, workerData } = require('node:worker_threads');
     const { awaitCredit } = require(workerData.module);
     try {
       for (let batch = 1; batch <= workerData.batches; batch += 1) {
         awaitCredit(workerData.credit);
         parentPort.postMessage(batch);
       }
     } catch (error) {
       parentPort.postMessage(error.name);
     }`,
    {
      eval: true,
      workerData: {
        credit,
        batches,
        module: path.join(__dirname, '../../src/features/calendar/ics/offThread/readerCredit.ts'),
      },
    },
  );
  const received: unknown[] = [];
  worker.on('message', (message) => received.push(message));
  return { worker, received };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

describe('flow control between the reader thread and the run', () => {
  afterAll(() => closeIcsReaders());

  it('keeps the thread at most a few batches ahead of the run, and stops a waiting thread when the run gives up', async () => {
    const credit = createCreditBuffer();
    const { worker, received } = sender(credit, 20);
    await settle();
    expect(received).toEqual(Array.from({ length: MAX_BATCHES_AHEAD }, (_, at) => at + 1));
    returnCredit(credit);
    returnCredit(credit);
    await settle();
    expect(received).toHaveLength(MAX_BATCHES_AHEAD + 2);
    cancelCredit(credit);
    await new Promise((resolve) => worker.once('exit', resolve));
    expect(received.at(-1)).toBe('ReadCancelledError');
  }, 30_000);

  it('frees the reader thread of a run that failed on a batch, for the next read', async () => {
    const job = {
      documents: [{ text: icsCalendar(manyEvents(12_000)), name: 'calendar file big.ics' }],
      range: { startDate: '2025-01-01', endDate: '2028-12-31' },
      defaultZone: 'America/New_York',
      limits: DEFAULT_CALENDAR_LIMITS,
      unreadable: 'fail' as const,
    };
    await expect(
      readIcsOffThread(job, () => {
        throw new Error('the run failed');
      }),
    ).rejects.toThrow('the run failed');
    // one reader thread: a thread still waiting for the failed run would hold this read for good
    let read = 0;
    await readIcsOffThread(job, (events) => (read += events.length));
    expect(read).toBe(12_000);
  }, 60_000);
});
