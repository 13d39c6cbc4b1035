import { startMiniflareD1 } from '../testkit/servers/d1/miniflareD1';
(async () => {
  const e = await startMiniflareD1();
  await e.execute([{ sql: 'CREATE TABLE a (id INTEGER PRIMARY KEY AUTOINCREMENT, t TEXT, b BLOB, r REAL)' }, { sql: "INSERT INTO a (t, b, r) VALUES ('line1\nline2; it''s', x'00ff', 1.5)" }, { sql: 'CREATE INDEX ai ON a(t)' }]);
  console.log(JSON.stringify(await e.dump(), null, 1));
  await e.dispose();
})();
