// A snapshot's check of a large database runs on a worker thread, so the server keeps
// answering. The server runs its TypeScript through tsx (or jest's transform), which a worker
// thread does not inherit: register tsx here before the task loads.
const { parentPort, workerData } = require('node:worker_threads');
require('tsx/cjs/api').register();
const { runSnapshotTask } = require('./snapshotWork.ts');

try {
  parentPort.postMessage({ ok: true, result: runSnapshotTask(workerData) });
} catch (error) {
  parentPort.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
}
