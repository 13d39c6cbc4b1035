// Run as its own process (`node --import tsx server/testkit/bench/importPeakRss.ts floor|import FILE`):
// `floor` reads the file alone (parsing, the import's least work); `import` imports it into a
// fresh SQLite database as the route does. Then one JSON line: the time, the rows, and the
// process's peak resident memory, so nothing else the benchmark holds is counted.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/platform/config/loadConfig';
import { openDatabase } from '../../src/platform/db/openDatabase';
import { createLeadImport } from '../../src/features/leads/import/leadImport';
import { readImportFile } from '../../src/features/leads/import/readImportFile';

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
    const started = performance.now();
    let rows: number;
    if (db) {
      const result = await createLeadImport(db, {
        auditors: config.auditors,
        timeZone: config.calendar.timeZone,
      }).run({ fileName, file: bytes }, false, null);
      rows = result.created + result.updated + result.unchanged;
    } else {
      rows = (await readImportFile(fileName, bytes)).rows.length;
    }
    const ms = performance.now() - started;
    await db?.close();
    // resourceUsage().maxRSS is in kilobytes
    console.log(JSON.stringify({ ms, rows, peakRssMB: process.resourceUsage().maxRSS / 1024 }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
