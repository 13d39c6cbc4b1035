import BetterSqlite3 from 'better-sqlite3';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { createHash, scryptSync, createCipheriv, randomBytes } from 'node:crypto';
const src = process.argv[2]!;
const dir = '/tmp/prof-out'; fs.mkdirSync(dir, { recursive: true });
const t = async (label: string, f: () => unknown) => { const s = performance.now(); await f(); console.log(label.padEnd(40), (performance.now() - s).toFixed(0), 'ms'); };
(async () => {
  await t('copyFile', () => fs.promises.copyFile(src, `${dir}/copy.db`));
  //await t('VACUUM INTO', () => { fs.rmSync(`${dir}/vac.db`, { force: true }); const c = new BetterSqlite3(src, { readonly: true }); c.prepare('VACUUM INTO ?').run(`${dir}/vac.db`); c.close(); });
  const main = new BetterSqlite3(src);
  await t('backup() default', () => main.backup(`${dir}/bk.db`));
  await t('backup() all at once', () => main.backup(`${dir}/bk2.db`, { progress: () => 0x7fffffff }));
  await t('backup() 1000 pages/step', () => main.backup(`${dir}/bk3.db`, { progress: () => 1000 }));
  main.close();
  for (const f of ['bk.db']) {
    await t(`integrity_check ${f}`, () => { const c = new BetterSqlite3(`${dir}/${f}`, { readonly: true }); c.pragma('integrity_check'); c.close(); });
  }
  await t('quick_check bk.db', () => { const c = new BetterSqlite3(`${dir}/bk.db`, { readonly: true }); c.pragma('quick_check'); c.close(); });
  await t('counts bk.db', () => { const c = new BetterSqlite3(`${dir}/bk.db`, { readonly: true }); for (const tb of ['leads','lead_history','users']) c.prepare(`select count(*) from ${tb}`).get(); c.close(); });
  await t('sha256 file', async () => { const h = createHash('sha256'); await pipeline(fs.createReadStream(`${dir}/bk.db`), new Writable({ write(c, _e, d) { h.update(c); d(); } })); });
  await t('scrypt N=2^15', () => scryptSync('pass phrase 1234', randomBytes(16), 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 128 * 2 ** 15 * 8 * 2 }));
  for (const level of [1, 3, 6]) {
    await t(`gzip level ${level}`, async () => { await pipeline(fs.createReadStream(`${dir}/bk.db`), zlib.createGzip({ level }), fs.createWriteStream(`${dir}/g${level}.gz`)); });
    console.log('   size', (fs.statSync(`${dir}/g${level}.gz`).size / 1e6).toFixed(1), 'MB');
  }
  await t('gzip 1 + aes-gcm', async () => { const c = createCipheriv('aes-256-gcm', randomBytes(32), randomBytes(12)); await pipeline(fs.createReadStream(`${dir}/bk.db`), zlib.createGzip({ level: 1 }), c, fs.createWriteStream(`${dir}/e.bin`)); });
  await t('gunzip g1 + hash', async () => { const h = createHash('sha256'); await pipeline(fs.createReadStream(`${dir}/g1.gz`), zlib.createGunzip(), new Writable({ write(c, _e, d) { h.update(c); d(); } })); });
  await t('gunzip g3 + hash', async () => { const h = createHash('sha256'); await pipeline(fs.createReadStream(`${dir}/g3.gz`), zlib.createGunzip(), new Writable({ write(c, _e, d) { h.update(c); d(); } })); });

})();
