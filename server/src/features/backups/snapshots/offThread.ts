import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { runSnapshotTask, type DatabaseCheck, type SnapshotTask } from './snapshotWork';

/** Below this a database is copied and checked at once on this thread (a few ms); above, on a worker thread. */
const ON_THREAD_BYTES = 8 * 1024 * 1024;

function onWorker(job: SnapshotTask): Promise<DatabaseCheck | null> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(path.join(__dirname, 'snapshotWorker.cjs'), { workerData: job });
    let answered = false;
    worker.once('message', (message: { ok: boolean; result?: DatabaseCheck | null; error?: string }) => {
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
export async function runOffThread(job: SnapshotTask, sizeOf: string): Promise<DatabaseCheck | null> {
  const size = fs.existsSync(sizeOf) ? fs.statSync(sizeOf).size : 0;
  if (size < ON_THREAD_BYTES) return runSnapshotTask(job);
  return onWorker(job);
}
