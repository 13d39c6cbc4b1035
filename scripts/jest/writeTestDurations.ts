// Writes scripts/jest/testDurations.json (see slowFirstSequencer.cjs) from a `jest --json` result.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../apps';

const SLOW_MS = 5000;

interface JestResult {
  testResults: { name: string; startTime: number; endTime: number }[];
}

const [resultFile] = process.argv.slice(2);
if (!resultFile) {
  console.error('usage: tsx scripts/jest/writeTestDurations.ts JEST_JSON_RESULT');
  process.exit(2);
}
const { testResults } = JSON.parse(fs.readFileSync(resultFile, 'utf8')) as JestResult;
const durations = Object.fromEntries(
  testResults
    .map((file) => [path.relative(ROOT, file.name), file.endTime - file.startTime] as const)
    .filter(([, ms]) => ms >= SLOW_MS)
    .sort((a, b) => b[1] - a[1]),
);
fs.writeFileSync(path.join(__dirname, 'testDurations.json'), `${JSON.stringify(durations, null, 2)}\n`);
console.log(`${Object.keys(durations).length} files of ${SLOW_MS / 1000} s or more`);
