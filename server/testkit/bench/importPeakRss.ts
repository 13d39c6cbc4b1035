// Run as its own process (`node --import tsx server/testkit/bench/importPeakRss.ts floor|import FILE`):
// `floor` reads the file alone (parsing, the import's least work) on the main thread; `import`
// imports it into a fresh SQLite database as the route does: read and planned on the import
// thread while the server stages what it sends, then written. The import thread is started
// first (with a one-row import), as in a server that has imported before; its start is
// reported apart. Then one JSON line: the time, the rows, the thread's start, and the
// process's peak resident memory, so nothing else the benchmark holds is counted.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/platform/config/loadConfig';
import { openDatabase } from '../../src/platform/db/openDatabase';
import { createLeadImport } from '../../src/features/leads/import/leadImport';
import { closeImportThreads } from '../../src/features/leads/import/offThread/importThreads';
import { createRowCollector } from '../../src/features/leads/import/importTable';
import { readImportFile } from '../../src/features/leads/import/read/readImportFile';

async function main() {
  const [mode, file] = process.argv.slice(2);
  if ((mode !== 'floor' && mode !== 'import') || !file)
    throw new Error('usage: importPeakRss.ts floor|import FILE');
  const bytes = fs.readFileSync(file);
  const fileName = path.basename(file);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-bench-import-'));
  try {
    const config = loadConfig({ DATA_DIR: dir, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const db = mode === 'import' ? await openDatabase(config) : null;
    let threadStartMs = 0;
    let rows = 0;
    let ms: number;
    // the CPU time of every thread of the process while measured: what the work costs, whatever
    // else the machine runs
    let cpuMs = 0;
    const cpu = () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    };
    if (db) {
      const leadImport = createLeadImport(db, {
        auditors: config.auditors,
        timeZone: config.calendar.timeZone,
        limits: config.importLimits,
      });
      const starting = performance.now();
      await leadImport.preview({ fileName: 'start.csv', file: Buffer.from('Customer Name\nAnn\n') });
      threadStartMs = performance.now() - starting;
      const started = performance.now();
      const cpuBefore = cpu();
      const result = await leadImport.run({ fileName, file: bytes }, false, null);
      ms = performance.now() - started;
      cpuMs = cpu() - cpuBefore;
      rows = result.created + result.updated + result.unchanged;
      await closeImportThreads();
    } else {
      // what the import's reader does: the rows read and their mapped columns kept
      const started = performance.now();
      const cpuBefore = cpu();
      const collector = createRowCollector(
        config.importLimits,
        null,
        () => undefined,
        () => (rows += 1),
      );
      await readImportFile(fileName, bytes, {
        limits: config.importLimits,
        row: collector.row,
        between: async () => undefined,
      });
      ms = performance.now() - started;
      cpuMs = cpu() - cpuBefore;
    }
    await db?.close();
    // resourceUsage().maxRSS is in kilobytes
    console.log(
      JSON.stringify({ ms, rows, threadStartMs, cpuMs, peakRssMB: process.resourceUsage().maxRSS / 1024 }),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
