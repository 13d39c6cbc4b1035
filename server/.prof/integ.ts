import BetterSqlite3 from 'better-sqlite3';
const f = '/tmp/prof-out/cap.db';
const v = '/tmp/prof-out/vac.db';
const run = (file: string, label: string, pragmas: string[]) => {
  const c = new BetterSqlite3(file, { readonly: true });
  for (const p of pragmas) c.pragma(p);
  const s = performance.now(); c.pragma('integrity_check'); const ms = performance.now() - s;
  c.close(); return `${label} ${ms.toFixed(0)}`;
};
const c = new BetterSqlite3(f, { readonly: true }); c.prepare('VACUUM INTO ?').run(v); c.close();
for (let i = 0; i < 3; i++) console.log([
  run(f, 'cap default', []),
  run(f, 'cap mmap', ['mmap_size = 268435456']),
  run(f, 'cap cache64M', ['cache_size = -65536']),
  run(v, 'vac default', []),
].join(' | '));
