import {
  createCipheriv,
  createDecipheriv,
  randomBytes,
  scrypt,
  type CipherGCM,
  type DecipherGCM,
} from 'node:crypto';
import type { SnapshotHeader } from './snapshotHeader';

/** scrypt's cost: about 0.1 s and 32 MB per snapshot, so a stolen file resists guessing a weak passphrase. */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1 } as const;
export const GCM_TAG_BYTES = 16;

function deriveKey(
  passphrase: string,
  salt: Buffer,
  cost: { N: number; r: number; p: number },
): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(passphrase, salt, 32, { ...cost, maxmem: 128 * cost.N * cost.r * 2 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** A new snapshot's encryption: its header entry and the cipher (the header itself is authenticated with it). */
export async function newEncryption(
  passphrase: string,
): Promise<{ entry: NonNullable<SnapshotHeader['encryption']>; cipher: (aad: Buffer) => CipherGCM }> {
  const salt = randomBytes(16);
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
