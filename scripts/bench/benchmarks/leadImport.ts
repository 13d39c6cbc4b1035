import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importBenchCsv } from '../../../server/testkit/bench/importFile';
import { ROOT } from '../../apps';
import { againstPeer, type Benchmark } from '../benchmark';
import { median, round } from '../support/statistics';

const ROWS = 50_000;
const ROUNDS = 3;

interface Measured {
  ms: number;
  rows: number;
  /** The CPU time of every thread of the process while measured. */
  cpuMs: number;
  peakRssMB: number;
  /** import: starting its threads, before the measured import (a server that has imported before has them). */
  threadStartMs?: number;
}

/** One floor read or import of `file` in a process of its own. */
function measure(mode: 'floor' | 'import', file: string): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/testkit/bench/importPeakRss.ts', mode, file],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`the ${mode} of ${ROWS} rows exited with ${code}:\n${output}`));
      const measured = JSON.parse(output.trim().split('\n').at(-1) ?? '') as Measured;
      if (measured.rows !== ROWS)
        return reject(new Error(`the ${mode} took ${measured.rows} of ${ROWS} rows`));
      resolve(measured);
    });
  });
}

/**
 * Importing a 50,000-row CSV laid out as the export writes it (new leads, values to
 * normalise) into a fresh SQLite database, against reading the same file alone, each in
 * a process of its own: time (medians of three) and peak memory. The import reads and plans
 * on its two threads (started before the timing, as in a server that has imported before;
 * their start is reported beside) while the server stages what they send.
 */
export const leadImportBenchmark: Benchmark = {
  name: 'import',
  about: `import of ${ROWS.toLocaleString('en-US')} CSV rows vs. parsing the file alone: time and peak RSS`,
  async run() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-bench-import-file-'));
    try {
      const file = path.join(dir, 'leads.csv');
      fs.writeFileSync(file, importBenchCsv(ROWS));
      const floors: Measured[] = [];
      const imports: Measured[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        floors.push(await measure('floor', file));
        imports.push(await measure('import', file));
      }
      const floorMs = round(median(floors.map((item) => item.ms)));
      const floorRss = round(Math.max(...floors.map((item) => item.peakRssMB)));
      const importRss = round(Math.max(...imports.map((item) => item.peakRssMB)));
      const megabytes = round(fs.statSync(file).size / (1024 * 1024));
      return [
        againstPeer(
          `import of ${ROWS.toLocaleString('en-US')} rows (${megabytes} MB .csv)`,
          { value: round(median(imports.map((item) => item.ms))), unit: 'ms' },
          { name: 'parse floor', value: floorMs, unit: 'ms' },
          { comparison: '≤', ratio: 3 },
          { 'threads start (ms)': round(median(imports.map((item) => item.threadStartMs ?? 0))) },
        ),
        // on a busy machine the wall time is the share of the cores it got: the CPU time of all
        // its threads says what the work cost
        againstPeer(
          `CPU time of that import (its threads together)`,
          { value: round(median(imports.map((item) => item.cpuMs))), unit: 'ms' },
          { name: 'parse floor', value: round(median(floors.map((item) => item.cpuMs))), unit: 'ms' },
          null,
        ),
        againstPeer(
          `peak RSS of that import`,
          { value: importRss, unit: 'MB' },
          { name: 'parse floor', value: floorRss, unit: 'MB' },
          { comparison: '≤', ratio: 2 },
        ),
      ];
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
