import BetterSqlite3 from 'better-sqlite3';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { createHash, scryptSync, createCipheriv, randomBytes } from 'node:crypto';
const src = process.argv[2]!;
const dir = '/tmp/prof-out'; fs.mkdirSync(dir, { recursive: true });
const t = async (label: string, f: () => unknown) => { const r: number[] = []; for (let i = 0; i < 3; i++) { const s = performance.now(); await f(); r.push(performance.now() - s); } console.log(label.padEnd(40), r.map((x) => x.toFixed(0)).join(' '), 'ms'); };
const sink = (h: ReturnType<typeof createHash>) => new Writable({ highWaterMark: 1 << 20, write(c, _e, d) { h.update(c); d(); } });
(async () => {
  await t('copyFile', () => fs.promises.copyFile(src, `${dir}/copy.db`));
  await t('VACUUM INTO', () => { fs.rmSync(`${dir}/vac.db`, { force: true }); const c = new BetterSqlite3(src, { readonly: true }); c.prepare('VACUUM INTO ?').run(`${dir}/vac.db`); c.close(); });
  const main = new BetterSqlite3(src);
  await t('backup() 1000 pages/step', () => main.backup(`${dir}/bk.db`, { progress: () => 1000 }));
  await t('backup() 4000 pages/step', () => main.backup(`${dir}/bk.db`, { progress: () => 4000 }));
  main.close();
  await t('integrity_check', () => { const c = new BetterSqlite3(`${dir}/bk.db`, { readonly: true }); c.pragma('integrity_check'); c.close(); });
  await t('sha256 file', async () => { const h = createHash('sha256'); await pipeline(fs.createReadStream(`${dir}/bk.db`, { highWaterMark: 1 << 20 }), sink(h)); });
  await t('scrypt N=2^15', () => scryptSync('pass phrase 1234', randomBytes(16), 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 128 * 2 ** 15 * 8 * 2 }));
  for (const level of [1, 2, 3, 6]) {
    await t(`gzip ${level}+aes+hash`, async () => { const h = createHash('sha256'); const c = createCipheriv('aes-256-gcm', randomBytes(32), randomBytes(12)); await pipeline(fs.createReadStream(`${dir}/bk.db`, { highWaterMark: 1 << 20 }), zlib.createGzip({ level, chunkSize: 1 << 18 }), c, fs.createWriteStream(`${dir}/g${level}.gz`)); });
    console.log('   size', (fs.statSync(`${dir}/g${level}.gz`).size / 1e6).toFixed(1), 'MB');
  }
  for (const level of [1, 3]) {
    await t(`plain gzip ${level} 64k chunks`, async () => { await pipeline(fs.createReadStream(`${dir}/bk.db`), zlib.createGzip({ level }), fs.createWriteStream(`${dir}/h${level}.gz`)); });
  }
  for (const level of [1, 3]) await t(`gunzip g${level} + hash`, async () => { const h = createHash('sha256'); await pipeline(fs.createReadStream(`${dir}/h${level}.gz`), zlib.createGunzip(), sink(h)); });
})();
