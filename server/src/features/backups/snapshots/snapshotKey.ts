import {
  createCipheriv,
  createDecipheriv,
  randomBytes,
  scrypt,
  type CipherGCM,
  type DecipherGCM,
} from 'node:crypto';
import type { SnapshotHeader } from './snapshotHeader';

/** scrypt's cost: about 0.1–0.4 s and 32 MB, so a stolen file resists guessing a weak passphrase. */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1 } as const;
export const GCM_TAG_BYTES = 16;

/**
 * Keys derived so far, by passphrase and salt: scrypt runs once per key, not once per file
 * (a snapshot and its read-back, and every snapshot of this process, share one).
 */
const derived = new Map<string, Promise<Buffer>>();
/** The salt of this process's snapshots, per passphrase (each file still has its own IV). */
const sessionSalts = new Map<string, Buffer>();
const KEPT_KEYS = 32;

function deriveKey(
  passphrase: string,
  salt: Buffer,
  cost: { N: number; r: number; p: number },
): Promise<Buffer> {
  const id = `${cost.N}:${cost.r}:${cost.p}:${salt.toString('base64')}:${passphrase}`;
  let key = derived.get(id);
  if (!key) {
    key = new Promise<Buffer>((resolve, reject) =>
      scrypt(passphrase, salt, 32, { ...cost, maxmem: 128 * cost.N * cost.r * 2 }, (error, bytes) =>
        error ? reject(error) : resolve(bytes),
      ),
    );
    key.catch(() => derived.delete(id));
    if (derived.size >= KEPT_KEYS) derived.delete(derived.keys().next().value!);
    derived.set(id, key);
  }
  return key;
}

/** A new snapshot's encryption: its header entry and the cipher (the header itself is authenticated with it). */
export async function newEncryption(
  passphrase: string,
): Promise<{ entry: NonNullable<SnapshotHeader['encryption']>; cipher: (aad: Buffer) => CipherGCM }> {
  let salt = sessionSalts.get(passphrase);
  if (!salt) {
    salt = randomBytes(16);
    sessionSalts.set(passphrase, salt);
  }
  // a fresh 96-bit IV per file: one key stays far below GCM's limit of 2^32 random IVs
  const iv = randomBytes(12);
  const key = await deriveKey(passphrase, salt, SCRYPT);
  return {
    entry: {
      cipher: 'aes-256-gcm',
      kdf: 'scrypt',
      salt: salt.toString('base64'),
      iv: iv.toString('base64'),
      ...SCRYPT,
    },
    cipher: (aad) => createCipheriv('aes-256-gcm', key, iv).setAAD(aad),
  };
}

export class SnapshotKeyProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SnapshotKeyProblem';
  }
}

/** The decipher of an encrypted snapshot, with its tag and header; BACKUP_KEY must be the one it was taken with. */
export async function openEncryption(
  entry: NonNullable<SnapshotHeader['encryption']>,
  passphrase: string | undefined,
  aad: Buffer,
  tag: Buffer,
): Promise<DecipherGCM> {
  if (!passphrase)
    throw new SnapshotKeyProblem(
      'This snapshot is encrypted: set BACKUP_KEY to the passphrase it was taken with.',
    );
  const key = await deriveKey(passphrase, Buffer.from(entry.salt, 'base64'), entry);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(entry.iv, 'base64'));
  decipher.setAAD(aad);
  decipher.setAuthTag(tag);
  return decipher;
}
