import { seededDataDir } from '../testkit/bench/benchLeads';
import BetterSqlite3 from 'better-sqlite3';
(async () => {
  const { dir, databasePath } = await seededDataDir(100_000);
  const c = new BetterSqlite3(databasePath);
  c.exec(`INSERT INTO lead_history (lead_id, kind, field, old_value, new_value, user_id, at)
          SELECT l.id, 'edit', f.field, 'before ' || l.id, 'after ' || l.id, 1, '2025-06-01T10:00:00.000Z'
          FROM leads AS l CROSS JOIN (SELECT 'status' AS field UNION ALL SELECT 'comments' UNION ALL SELECT 'phoneNumber' LIMIT 3) AS f`);
  c.pragma('wal_checkpoint(TRUNCATE)');
  c.close();
  console.log(dir, databasePath);
})();
