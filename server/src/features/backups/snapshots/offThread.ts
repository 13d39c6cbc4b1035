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

function onWorker(job: SnapshotTask): Promise<SnapshotTaskResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(path.join(__dirname, 'snapshotWorker.cjs'), { workerData: job });
    let answered = false;
    worker.once('message', (message: { ok: boolean; result?: SnapshotTaskResult; error?: string }) => {
      answered = true;
      if (message.ok) resolve(message.result ?? null);
      else reject(new Error(message.error));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`the snapshot worker stopped (exit code ${code})`));
    });
  });
}

/** Runs a snapshot task where it does not hold up the server: on a worker thread for a large file. */
export async function runOffThread<T extends SnapshotTask>(
  job: T,
  sizeOf: string,
): Promise<T extends { task: 'check' } ? DatabaseCheck : string | null> {
  type Answer = T extends { task: 'check' } ? DatabaseCheck : string | null;
  const size = fs.existsSync(sizeOf) ? fs.statSync(sizeOf).size : 0;
  if (size < ON_THREAD_BYTES) return runSnapshotTask(job) as Answer;
  return (await onWorker(job)) as Answer;
}
