// A snapshot's check of a large database runs on a worker thread, so the server keeps
// answering; the thread stays for the next task a while (offThread.ts). The server runs its
// TypeScript through tsx (or jest's transform), which a worker thread does not inherit:
// register tsx here before the task loads.
const { parentPort } = require('node:worker_threads');
require('tsx/cjs/api').register();
const { runSnapshotTask } = require('./snapshotWork.ts');

parentPort.on('message', ({ id, job }) => {
  try {
    parentPort.postMessage({ id, ok: true, result: runSnapshotTask(job) });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
