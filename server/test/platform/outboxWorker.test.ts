import { eventually } from '../../testkit/eventually';
import { createOutboxWorker } from '../../src/platform/outbox/outboxWorker';

/** A table of work kept in memory: `due` answers the pending ids in order, `attempt` takes one off. */
function table(ids: number[]) {
  const pending = [...ids];
  const tried: number[] = [];
  const looks: number[] = [];
  return {
    pending,
    tried,
    looks,
    due: async (_now: Date, limit: number) => {
      looks.push(limit);
      return pending.slice(0, limit);
    },
    attempt: async (id: number) => {
      tried.push(id);
      pending.splice(pending.indexOf(id), 1);
    },
  };
}

const quiet = () => ({ error: jest.fn() });
const policy = { maxAttempts: 3, baseDelayMs: 1_000, maxDelayMs: 60_000 };
const options = {
  failure: 'the table could not be read',
  timings: { now: () => new Date(0) },
  defaults: { policy, pollMs: 3_600_000 },
};
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, index) => from + index);

describe('the outbox worker', () => {
  it('works through more than one batch in a round, in the order the table gives', async () => {
    const work = table(range(1, 46));
    const worker = createOutboxWorker({ ...work, ...options, log: quiet() });
    await worker.runDue();
    expect(work.tried).toEqual(range(1, 46));
    expect(work.looks).toEqual([20, 20, 20]); // 20, 20, then 5: a short batch ends the round
  });

  it('a round asked for while one runs joins it and makes it look again', async () => {
    const work = table([1]);
    let release!: () => void;
    const attempt = async (id: number) => {
      if (id === 1) await new Promise<void>((resolve) => (release = resolve));
      await work.attempt(id);
    };
    const worker = createOutboxWorker({ ...work, attempt, ...options, log: quiet() });
    const first = worker.runDue();
    await eventually(() => expect(release).toBeDefined(), { delayMs: 1 });
    work.pending.push(2); // stored while the round runs
    const second = worker.runDue();
    expect(second).toBe(first);
    release();
    await first;
    expect(work.tried).toEqual([1, 2]);
  });

  it('stop lets the item being tried end, starts no other and no round after', async () => {
    const work = table([1, 2, 3]);
    let release!: () => void;
    let ended = false;
    const attempt = async (id: number) => {
      await new Promise<void>((resolve) => (release = resolve));
      await work.attempt(id);
      ended = true;
    };
    const worker = createOutboxWorker({ ...work, attempt, ...options, log: quiet() });
    void worker.runDue();
    await eventually(() => expect(release).toBeDefined(), { delayMs: 1 });
    const stopped = worker.stop();
    release();
    await stopped;
    expect([ended, work.tried]).toEqual([true, [1]]);
    worker.nudge();
    await new Promise((resolve) => setImmediate(resolve));
    expect(work.looks).toEqual([20]);
  });

  it('logs a round that fails with what it was doing, and the next round runs', async () => {
    const work = table([1]);
    let broken = true;
    const due = async (now: Date, limit: number) => {
      if (broken) throw new Error('no such table');
      return work.due(now, limit);
    };
    const log = quiet();
    const worker = createOutboxWorker({ ...work, due, ...options, log });
    await worker.runDue();
    expect(log.error).toHaveBeenCalledWith({ err: new Error('no such table') }, 'the table could not be read');
    broken = false;
    await worker.runDue();
    expect(work.tried).toEqual([1]);
  });

  it('a nudge runs a round soon; start runs one now and every pollMs', async () => {
    const nudged = table([1]);
    const worker = createOutboxWorker({ ...nudged, ...options, log: quiet() });
    worker.nudge();
    expect(nudged.tried).toEqual([]); // the caller does not wait for the round
    await eventually(() => expect(nudged.tried).toEqual([1]), { delayMs: 1 });

    const polled = table([1]);
    const poller = createOutboxWorker({ ...polled, ...options, timings: { pollMs: 5 }, log: quiet() });
    poller.start();
    await eventually(() => expect(polled.tried).toEqual([1]), { delayMs: 1 });
    polled.pending.push(2); // due later, with nobody asking
    await eventually(() => expect(polled.tried).toEqual([1, 2]), { delayMs: 5 });
    await poller.stop();
  });

  it('says when an item that failed is due again, by the policy, and when it is given up', () => {
    const worker = createOutboxWorker({
      ...table([]),
      ...options,
      timings: { now: () => new Date(10_000), random: () => 0.5 },
      log: quiet(),
    });
    // half of the pause fixed, half at random: 1 s, then 2 s after the second failure
    expect([worker.retryAt(1), worker.retryAt(2)]).toEqual([new Date(10_750), new Date(11_500)]);
    expect([worker.givenUp(2), worker.givenUp(3)]).toEqual([false, true]);
  });
});
