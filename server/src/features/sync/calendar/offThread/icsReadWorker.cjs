// The worker thread's entry. The server runs its TypeScript through tsx (or jest's
// transform), which a worker thread does not inherit: register tsx here before the task loads.
require('tsx/cjs/api').register();
module.exports = require('./icsReadTask.ts').icsReadTask;
