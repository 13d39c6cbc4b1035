import fs from 'node:fs';
import path from 'node:path';
import { seededDataDir } from '../../../server/testkit/bench/benchLeads';
import { openApp } from '../../../server/src/openApp';
import { loadConfig } from '../../../server/src/platform/config/loadConfig';
import { openDatabase } from '../../../server/src/platform/db/openDatabase';
import { againstPeer, reportOnly, type Benchmark } from '../benchmark';
import { median, round, timed } from '../support/statistics';
import { snapshotStages } from '../support/snapshotStages';

const LEADS = 100_000;
/** History entries per lead besides its creation: a few field changes each, as months of work leave. */
const CHANGES_PER_LEAD = 3;
/** A bulk change over the threshold (BULK_RESTORE_POINT_OVER), as an office makes one. */
const BULK = 50;
const BULK_RUNS = 3;
const ADMIN = { email: 'bench@example.com', password: 'bench-password-1' };

type Versioned = { id: number; version: number };

/** The bench database: 100,000 leads, and months of field changes in their history. */
async function seedWithHistory(): Promise<{ dir: string; databasePath: string }> {
  const seeded = await seededDataDir(LEADS);
  const db = await openDatabase({ databasePath: seeded.databasePath });
  try {
    const connection = db.sqlite!.connection();
    connection.exec(
      `INSERT INTO lead_history (lead_id, kind, field, old_value, new_value, user_id, at)
        SELECT l.id, 'edit', f.field, 'before ' || l.id, 'after ' || l.id, 1, '2025-06-01T10:00:00.000Z'
        FROM leads AS l CROSS JOIN (SELECT 'status' AS field UNION ALL SELECT 'comments' UNION ALL SELECT 'phoneNumber' LIMIT ${CHANGES_PER_LEAD}) AS f`,
    );
    connection.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    await db.close();
  }
  return seeded;
}

/**
 * The recovery point's and time's cost on SQLite (docs/operations.md, "Backups and restore"),
 * over 100,000 leads with their history: what a bulk change of 50 leads waits for (its restore
 * point first) next to a bulk change of 5 (none); a verified, encrypted snapshot (copy,
 * integrity_check, counts, gzip, AES-256-GCM, read back whole) and where its time goes; a
 * restore of it; each against copying the database file once in the same run.
 */
export const backupBenchmark: Benchmark = {
  name: 'backup',
  about: `what a bulk change waits for, a verified snapshot and a restore of ${LEADS.toLocaleString('en-US')} leads with their history, vs. copying the file`,
  async run() {
    const { dir, databasePath } = await seedWithHistory();
    const config = loadConfig({
      DATA_DIR: dir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      BACKUP_KEY: 'the bench passphrase 2026',
      BACKUP_CRON: 'off',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    const { app, services, db, close } = await openApp(config);
    try {
      const { backups } = services;
      const count = (table: string) =>
        (db.sqlite!.connection().prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
      const fileBytes = fs.statSync(databasePath).size;
      const copy = await timed(() => fs.promises.copyFile(databasePath, path.join(dir, 'copy.db')));
      fs.rmSync(path.join(dir, 'copy.db'));

      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
      const headers = { authorization: `Bearer ${(login.json() as { access_token: string }).access_token}` };
      const listed = (
        await app.inject({ url: '/api/leads?excludeCalendarNotFormatted=false', headers })
      ).json() as Versioned[];
      let next = 0;
      const bulkOf = async (n: number) => {
        const leads = listed.slice(next, next + n).map(({ id, version }) => ({ id, version }));
        next += n;
        const answer = await timed(() =>
          app.inject({
            method: 'POST',
            url: '/api/leads/bulk',
            headers,
            payload: { leads, change: { status: 'Cancelled' } },
          }),
        );
        if (answer.result.statusCode !== 200)
          throw new Error(`the bulk change answered ${answer.result.statusCode}: ${answer.result.body}`);
        // what runs after the answer (a snapshot's check, its encryption) is done before the next one
        await backups.settled();
        return answer.ms;
      };
      // a first point, so that every measured one is of a changed database
      await backups.backUpNow('the bench');
      const withPoint: number[] = [];
      const withoutPoint: number[] = [];
      for (let run = 0; run < BULK_RUNS; run += 1) {
        // the small one first: the database the big one's point copies has changed
        withoutPoint.push(await bulkOf(5));
        withPoint.push(await bulkOf(BULK));
      }

      await app.inject({
        method: 'POST',
        url: '/api/leads/bulk',
        headers,
        payload: {
          leads: listed.slice(next, next + 1).map(({ id, version }) => ({ id, version })),
          change: { status: 'Scheduled' },
        },
      });
      const snapshot = await timed(() => backups.backUpNow('the bench'));
      const { point } = snapshot.result;
      const stages = await snapshotStages(
        databasePath,
        path.join(dir, 'stages'),
        'the bench passphrase 2026',
      );
      const restore = await timed(() => backups.restore({ point: point.name }, 'the bench'));
      const details = {
        'database (MB)': round(fileBytes / 1024 / 1024),
        'lead history entries': count('lead_history'),
        'copy of the file (ms)': round(copy.ms),
      };
      return [
        againstPeer(
          `what a bulk change of ${BULK} leads waits for (a restore point first), median of ${BULK_RUNS}`,
          { value: round(median(withPoint)), unit: 'ms' },
          {
            name: 'a bulk change of 5 leads (no restore point)',
            value: round(median(withoutPoint)),
            unit: 'ms',
          },
          null,
          {
            'with a point (ms)': withPoint.map((ms) => round(ms)).join(' / '),
            'without (ms)': withoutPoint.map((ms) => round(ms)).join(' / '),
          },
        ),
        againstPeer(
          `verified, encrypted snapshot of ${LEADS.toLocaleString('en-US')} leads`,
          { value: round(snapshot.ms), unit: 'ms' },
          { name: 'copying the database file', value: round(copy.ms), unit: 'ms' },
          null,
          details,
        ),
        reportOnly(
          'where a snapshot’s time goes (each stage alone, in this run)',
          {
            value: round(Object.values(stages).reduce((sum, ms) => sum + ms, 0)),
            unit: 'ms',
          },
          Object.fromEntries(Object.entries(stages).map(([stage, ms]) => [`${stage} (ms)`, round(ms)])),
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
      await close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
