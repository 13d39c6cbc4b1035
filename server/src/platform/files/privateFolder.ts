import fs from 'node:fs';

/**
 * A folder only its owner can enter (0700): the database with its password hashes, the
 * signing key and the customers' spreadsheet live in it.
 */
export function ensurePrivateFolder(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    fs.chmodSync(dir, 0o700);
  } catch {
    // not ours to change (a mounted volume): its owner decides
  }
}
