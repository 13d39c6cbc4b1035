// Two workers finish together only if the longest files start first. jest orders by its own
// timings of earlier runs, which a fresh clone (CI) does not have: then it takes the
// durations recorded in testDurations.json (the files of 5 s or more; refresh it with
// `pnpm exec jest --json --outputFile=/tmp/jest.json && pnpm exec tsx scripts/jest/writeTestDurations.ts /tmp/jest.json`).
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const recorded = require('./testDurations.json');

const ROOT = path.resolve(__dirname, '../..');

class SlowFirstSequencer extends Sequencer {
  time(test) {
    return super.time(test) ?? recorded[path.relative(ROOT, test.path)] ?? 0;
  }
}

module.exports = SlowFirstSequencer;
