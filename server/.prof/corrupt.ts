import BetterSqlite3 from 'better-sqlite3';
import fs from 'node:fs';
const f = '/tmp/corrupt.db'; fs.rmSync(f, { force: true });
const c = new BetterSqlite3(f); c.pragma('journal_mode = WAL');
c.exec(`CREATE TABLE leads (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO leads (name) VALUES ('a');CREATE TABLE scratch (x TEXT); CREATE INDEX scratch_x ON scratch (x);
     WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) INSERT INTO scratch SELECT 'row ' || i FROM n`);
c.pragma('wal_checkpoint(TRUNCATE)');
const { rootpage } = c.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'scratch_x'").get() as any;
const ps = c.pragma('page_size', { simple: true }) as number;
console.log(rootpage, ps);
const fd = fs.openSync(f, 'r+'); fs.writeSync(fd, Buffer.alloc(ps), 0, ps, (rootpage - 1) * ps); fs.closeSync(fd);
const d = new BetterSqlite3(f, { readonly: true });
try { console.log(d.pragma('integrity_check')); } catch (e) { console.log('threw', String(e)); }
try { console.log(d.prepare('select count(*) from leads').get()); } catch (e) { console.log('threw', String(e)); }
