import BetterSqlite3 from 'better-sqlite3';
import fs from 'node:fs';
const dir = '/tmp/prof-pin'; fs.rmSync(dir, { recursive: true, force: true }); fs.mkdirSync(dir);
const main = new BetterSqlite3(`${dir}/a.db`);
main.pragma('journal_mode = WAL');
main.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
const ins = main.prepare('INSERT INTO t (v) VALUES (?)');
main.transaction(() => { for (let i = 0; i < 50000; i++) ins.run('x'.repeat(200)); })();
(async () => {
  const reader = new BetterSqlite3(`${dir}/a.db`, { readonly: true });
  reader.exec('BEGIN');
  console.log('pinned at', reader.prepare('SELECT count(*) AS n FROM t').get());
  let steps = 0; let restarts = 0; let lastRemaining = Infinity;
  const s = performance.now();
  await reader.backup(`${dir}/b.db`, { progress: ({ remainingPages, totalPages }) => {
    steps++; if (remainingPages > lastRemaining) restarts++; lastRemaining = remainingPages;
    // the change goes on meanwhile, on the app's connection
    main.transaction(() => { for (let i = 0; i < 200; i++) ins.run('y'.repeat(300)); main.prepare('DELETE FROM t WHERE id < ?').run(steps * 100); })();
    if (steps % 5 === 0) main.pragma('wal_checkpoint(PASSIVE)');
    return 100;
  } });
  console.log('backup ms', (performance.now() - s).toFixed(0), 'steps', steps, 'restarts', restarts);
  reader.exec('COMMIT'); reader.close();
  console.log('live now', main.prepare('SELECT count(*) AS n FROM t').get());
  const b = new BetterSqlite3(`${dir}/b.db`, { readonly: true });
  console.log('copy', b.prepare('SELECT count(*) AS n, min(id) AS lo FROM t').get(), b.pragma('journal_mode', { simple: true }), b.pragma('integrity_check', { simple: true }));
  b.close();
  console.log(fs.readdirSync(dir));
})();
