import BetterSqlite3 from 'better-sqlite3';
import fs from 'node:fs';
const src = process.argv[2]!;
const dir = '/tmp/prof-out'; fs.mkdirSync(dir, { recursive: true });
const t = async (label: string, f: () => unknown) => { const r: number[] = []; for (let i = 0; i < 4; i++) { const s = performance.now(); await f(); r.push(performance.now() - s); } console.log(label.padEnd(40), r.map((x) => x.toFixed(0)).join(' '), 'ms'); };
(async () => {
  const main = new BetterSqlite3(src);
  main.pragma('journal_mode = WAL');
  await t('copyFile', () => fs.promises.copyFile(src, `${dir}/copy.db`));
  let n = 0;
  await t('backup() all, new file', () => main.backup(`${dir}/n${n++}.db`, { progress: () => 0x7fffffff }));
  await t('backup() 2000/step, new file', () => main.backup(`${dir}/n${n++}.db`, { progress: () => 2000 }));
  await t('serialize()', () => { const b = main.serialize(); (globalThis as any).b = b; });
  await t('serialize()+writeFile', async () => { const b = main.serialize(); await fs.promises.writeFile(`${dir}/ser.db`, b); });
  const ro = new BetterSqlite3(src, { readonly: true });
  await t('backup() from 2nd conn all', () => ro.backup(`${dir}/n${n++}.db`, { progress: () => 0x7fffffff }));
  for (let i = 0; i < n; i++) fs.rmSync(`${dir}/n${i}.db`, { force: true });
})();
