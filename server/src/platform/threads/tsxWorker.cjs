// A worker thread's entry for a TypeScript module. The server runs its TypeScript through tsx
// (or jest's transform), which a worker thread does not inherit: tsx is registered here, then
// the module the pool was made for (workerData.module) is loaded; piscina calls its export
// named by the pool's `name`.
require('tsx/cjs/api').register();
const { workerData } = require('node:worker_threads');
module.exports = require(workerData.module);
