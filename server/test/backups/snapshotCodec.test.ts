import BetterSqlite3 from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeSnapshot, encodeSnapshot } from '../../src/features/backups/snapshots/snapshotCodec';
import { SnapshotKeyProblem } from '../../src/features/backups/snapshots/snapshotKey';

// Issue 36: snapshots are compressed and encrypted at rest (AES-256-GCM); the wrong key, no key
// or a changed byte is refused, never read as a database.
describe('the snapshot file', () => {
  let dir: string;
  let plain: string;
  const header = {
    format: 1 as const,
    name: 'n',
    kind: 'manual' as const,
    reason: 'test',
    at: '2026-11-28T00:00:00.000Z',
    appVersion: '0.1.0',
    schema: { applied: 1, latestWhen: 1 },
    counts: {},
    historyMaxId: 0,
    databaseBytes: 0,
    sha256: '',
    compression: 'gzip' as const,
  };
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-codec-'));
    plain = path.join(dir, 'plain.db');
    const db = new BetterSqlite3(plain);
    db.exec("CREATE TABLE users (email TEXT); INSERT INTO users VALUES ('secret-customer@example.com')");
    db.close();
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads back exactly with its key, and holds nothing readable without it', async () => {
    const out = path.join(dir, 'a.adsnap');
    await encodeSnapshot(plain, header, out, 'the right passphrase 1');
    expect(fs.statSync(out).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(out).includes('secret-customer')).toBe(false);
    const back = path.join(dir, 'back.db');
    await decodeSnapshot(out, 'the right passphrase 1', back);
    expect(fs.readFileSync(back).equals(fs.readFileSync(plain))).toBe(true);
    await expect(decodeSnapshot(out, 'the wrong passphrase 1', null)).rejects.toBeInstanceOf(
      SnapshotKeyProblem,
    );
    await expect(decodeSnapshot(out, undefined, null)).rejects.toThrow(/set BACKUP_KEY/);
  });

  it('refuses a file with a changed byte', async () => {
    const out = path.join(dir, 'b.adsnap');
    await encodeSnapshot(plain, header, out, 'the right passphrase 1');
    const bytes = fs.readFileSync(out);
    bytes[bytes.length - 40]! ^= 1;
    fs.writeFileSync(out, bytes);
    await expect(decodeSnapshot(out, 'the right passphrase 1', null)).rejects.toThrow();
  });
});
