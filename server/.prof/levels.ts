import fs from 'node:fs';
import zlib from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { createHash, createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { captureDatabase } from '../src/features/backups/snapshots/captureDatabase';
const src = process.argv[2]!;
const dir = '/tmp/prof-out'; fs.mkdirSync(dir, { recursive: true });
const plain = `${dir}/cap.db`;
const k = randomBytes(32), iv = randomBytes(12);
(async () => {
  await captureDatabase(src, plain);
  const res: Record<string, number[]> = {};
  for (let round = 0; round < 3; round++) for (const level of [1, 2, 3]) for (const hwm of [64 * 1024, 1 << 20]) {
    const label = `L${level} ${hwm >> 10}K`;
    const s = performance.now();
    const c = createCipheriv('aes-256-gcm', k, iv);
    await pipeline(fs.createReadStream(plain, { highWaterMark: hwm }), zlib.createGzip({ level, chunkSize: Math.min(hwm, 1 << 18) }), c, fs.createWriteStream(`${dir}/${label}.bin`));
    const tag = c.getAuthTag();
    const e = performance.now() - s;
    const s2 = performance.now();
    const d = createDecipheriv('aes-256-gcm', k, iv); d.setAuthTag(tag);
    const h = createHash('sha256');
    await pipeline(fs.createReadStream(`${dir}/${label}.bin`, { highWaterMark: hwm }), d, zlib.createGunzip({ chunkSize: Math.min(hwm, 1 << 18) }), new Writable({ highWaterMark: hwm, write(ch, _e, done) { h.update(ch); done(); } }));
    const r = performance.now() - s2;
    (res[label] ??= []).push(Math.round(e), Math.round(r));
    if (round === 0) console.log(label, 'size', (fs.statSync(`${dir}/${label}.bin`).size / 1e6).toFixed(1));
  }
  for (const [l, v] of Object.entries(res)) console.log(l, 'encode', v.filter((_, i) => i % 2 === 0).join(' '), 'decode', v.filter((_, i) => i % 2).join(' '));
})();
