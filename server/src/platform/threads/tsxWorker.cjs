// A worker thread's entry for a TypeScript module. The server runs its TypeScript through tsx
// (or jest's transform), which a worker thread does not inherit: tsx is registered here, then
// the module the pool was made for (workerData.module) is loaded; piscina calls its export
// named by the pool's `name`.
const fs = require('node:fs');
const os = require('node:os');

// A stranger's calendar or file is worked on below the server's own priority (Linux: a thread's
// id is a process id to setpriority), so on a busy machine the API, the hub and /api/health
// still get the cores first. Elsewhere the thread keeps the process's priority.
try {
  const threadId = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
  if (threadId !== process.pid) os.setPriority(threadId, Math.min(19, os.getPriority(threadId) + 10));
} catch {
  // no /proc (not Linux) or not allowed: the same priority as the server
}

require('tsx/cjs/api').register();
const { workerData } = require('node:worker_threads');
module.exports = require(workerData.module);
