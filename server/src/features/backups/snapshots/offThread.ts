import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  runSnapshotTask,
  type DatabaseCheck,
  type SnapshotTask,
  type SnapshotTaskResult,
} from './snapshotWork';

/** Below this a database is checked at once on this thread (a few ms); above, on a worker thread. */
const ON_THREAD_BYTES = 8 * 1024 * 1024;

/** A worker left idle this long is stopped; until then the next task does not pay for its start (~0.5 s). */
const IDLE_MS = 30_000;

type Answer = { id: number; ok: boolean; result?: SnapshotTaskResult; error?: string };

/** One worker thread, started at the first task and kept while tasks come; one task at a time. */
function createSnapshotWorker() {
  let worker: Worker | null = null;
  let idle: NodeJS.Timeout | null = null;
  let next = 0;
  const waiting = new Map<
    number,
    { resolve: (result: SnapshotTaskResult) => void; reject: (error: Error) => void }
  >();

  function failAll(error: Error) {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  }

  function started(): Worker {
    if (worker) return worker;
    const thread = new Worker(path.join(__dirname, 'snapshotWorker.cjs'));
    thread.on('message', ({ id, ok, result, error }: Answer) => {
      const task = waiting.get(id);
      waiting.delete(id);
      if (ok) task?.resolve(result ?? null);
      else task?.reject(new Error(error));
    });
    thread.on('error', (error) => failAll(error));
    thread.on('exit', (code) => {
      if (worker === thread) worker = null;
      failAll(new Error(`the snapshot worker stopped (exit code ${code})`));
    });
    worker = thread;
    return thread;
  }

  return (job: SnapshotTask): Promise<SnapshotTaskResult> =>
    new Promise((resolve, reject) => {
      if (idle) clearTimeout(idle);
      const id = (next += 1);
      waiting.set(id, {
        resolve: (result) => (settle(), resolve(result)),
        reject: (error) => (settle(), reject(error)),
      });
      const thread = started();
      // held while a task runs (the process waits for its answer), let go while idle
      thread.ref();
      thread.postMessage({ id, job });
      function settle() {
        if (waiting.size > 0 || !worker) return;
        const thread = worker;
        thread.unref();
        idle = setTimeout(() => {
          if (waiting.size === 0 && worker === thread) void thread.terminate();
        }, IDLE_MS);
        idle.unref();
      }
    });
}

const onWorker = createSnapshotWorker();

/** Runs a snapshot task where it does not hold up the server: on a worker thread for a large file. */
export async function runOffThread<T extends SnapshotTask>(
  job: T,
  sizeOf: string,
): Promise<T extends { task: 'integrity' } ? string | null : DatabaseCheck> {
  type Answer = T extends { task: 'integrity' } ? string | null : DatabaseCheck;
  const size = fs.existsSync(sizeOf) ? fs.statSync(sizeOf).size : 0;
  if (size < ON_THREAD_BYTES) return runSnapshotTask(job) as Answer;
  return (await onWorker(job)) as Answer;
}
