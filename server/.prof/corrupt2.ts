import BetterSqlite3 from 'better-sqlite3';
import fs from 'node:fs';
const f = '/tmp/corrupt.db'; fs.rmSync(f, { force: true });
const c = new BetterSqlite3(f); c.pragma('journal_mode = WAL');
c.exec(`CREATE TABLE scratch (x TEXT); CREATE INDEX scratch_x ON scratch (x);
     WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200) INSERT INTO scratch SELECT 'row ' || i FROM n`);
c.unsafeMode(true);
c.pragma('writable_schema = ON');
c.prepare("UPDATE sqlite_master SET sql = 'CREATE INDEX scratch_x ON scratch (x DESC)' WHERE name = 'scratch_x'").run();
c.pragma('writable_schema = OFF');
c.close();
const d = new BetterSqlite3(f, { readonly: true });
try { console.log(d.pragma('integrity_check').slice(0,3)); } catch (e) { console.log('threw', String(e)); }
