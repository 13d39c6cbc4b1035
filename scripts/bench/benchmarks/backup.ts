import fs from 'node:fs';
import path from 'node:path';
import { seededDataDir } from '../../../server/testkit/bench/benchLeads';
import { openServices } from '../../../server/src/openServices';
import { loadConfig } from '../../../server/src/platform/config/loadConfig';
import { againstPeer, reportOnly, type Benchmark } from '../benchmark';
import { round, timed } from '../support/statistics';

const LEADS = 100_000;
/** History entries per lead besides its creation: a few field changes each, as months of work leave. */
const CHANGES_PER_LEAD = 3;

/**
 * The recovery point's and time's cost on SQLite (docs/operations.md, "Backups and restore"):
 * a verified, encrypted snapshot of 100,000 leads with their history (copy, integrity_check,
 * counts, gzip, AES-256-GCM, read back whole) and a restore of it (decoded, checked, swapped,
 * caches cleared), each against copying the database file once in the same run; the snapshot's
 * size against the file's.
 */
export const backupBenchmark: Benchmark = {
  name: 'backup',
  about: `a verified snapshot and a restore of ${LEADS.toLocaleString('en-US')} leads with their history, vs. copying the file`,
  async run() {
    const { dir, databasePath } = await seededDataDir(LEADS);
    const config = loadConfig({
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      BACKUP_KEY: 'the bench passphrase 2026',
    });
    const services = await openServices(config);
    try {
      const connection = () => services.db.sqlite!.connection();
      const count = (table: string) =>
        (connection().prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
      connection().exec(
        `INSERT INTO lead_history (lead_id, kind, field, old_value, new_value, user_id, at)
          SELECT l.id, 'edit', f.field, 'before ' || l.id, 'after ' || l.id, 1, '2025-06-01T10:00:00.000Z'
          FROM leads AS l CROSS JOIN (SELECT 'status' AS field UNION ALL SELECT 'comments' UNION ALL SELECT 'phoneNumber' LIMIT ${CHANGES_PER_LEAD}) AS f`,
      );
      connection().pragma('wal_checkpoint(TRUNCATE)');
      const fileBytes = fs.statSync(databasePath).size;
      const copy = await timed(() => fs.promises.copyFile(databasePath, path.join(dir, 'copy.db')));
      fs.rmSync(path.join(dir, 'copy.db'));
      const snapshot = await timed(() => services.backups.backUpNow('the bench'));
      const { point } = snapshot.result;
      const restore = await timed(() => services.backups.restore({ point: point.name }, 'the bench'));
      const details = {
        'database (MB)': round(fileBytes / 1024 / 1024),
        'lead history entries': count('lead_history'),
        'copy of the file (ms)': round(copy.ms),
      };
      return [
        againstPeer(
          `verified, encrypted snapshot of ${LEADS.toLocaleString('en-US')} leads`,
          { value: round(snapshot.ms), unit: 'ms' },
          { name: 'copying the database file', value: round(copy.ms), unit: 'ms' },
          null,
          details,
        ),
        againstPeer(
          'snapshot size',
          { value: round((point.sizeBytes ?? 0) / 1024 / 1024), unit: 'MB' },
          { name: 'the database file', value: round(fileBytes / 1024 / 1024), unit: 'MB' },
          null,
        ),
        againstPeer(
          `restore of it (a snapshot of now first, then the swap)`,
          { value: round(restore.ms), unit: 'ms' },
          { name: 'copying the database file', value: round(copy.ms), unit: 'ms' },
          null,
          { 'migrated forward': restore.result.migrated.length },
        ),
        reportOnly('leads after the restore', { value: count('leads'), unit: 'leads' }),
      ];
    } finally {
      await services.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
