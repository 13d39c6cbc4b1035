import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { PassThrough, Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { headerBytes, MAX_HEADER_BYTES, parseHeader, type SnapshotHeader } from './snapshotHeader';
import { GCM_TAG_BYTES, newEncryption, openEncryption, SnapshotKeyProblem } from './snapshotKey';

/**
 * gzip's fastest level: a SQLite file still shrinks to about a quarter, 5 % larger than at
 * level 3 in half the time (`pnpm bench backup`, docs/performance.md).
 */
const GZIP_LEVEL = 1;
/** Read and compress in large pieces: fewer, larger steps through the stream, the cipher and the hash. */
const READ = { highWaterMark: 1024 * 1024 };
const ZLIB = { chunkSize: 256 * 1024 };

/** A stream that hashes what passes through it. */
function hashing(hash: ReturnType<typeof createHash>): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
}

/** Writes with fsync before it reports the end: a snapshot is on the disk when it is named. */
export async function fsyncFile(file: string): Promise<void> {
  const handle = await fs.promises.open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The folder's entries (a rename, a new file) are on the disk too. */
export async function fsyncFolder(dir: string): Promise<void> {
  const handle = await fs.promises.open(dir, 'r');
  try {
    await handle.sync();
  } catch {
    // some file systems refuse to sync a folder; the files themselves are synced
  } finally {
    await handle.close();
  }
}

/**
 * Writes the database file `plain` as a snapshot at `out` (0600): the header, then the file
 * compressed and, with a passphrase, encrypted (AES-256-GCM, the header as authenticated
 * data, the tag last). Answers the header as written.
 */
export async function encodeSnapshot(
  plain: string,
  header: Omit<SnapshotHeader, 'encryption'>,
  out: string,
  passphrase: string | undefined,
): Promise<SnapshotHeader> {
  const encryption = passphrase ? await newEncryption(passphrase) : null;
  const full: SnapshotHeader = { ...header, encryption: encryption?.entry ?? null };
  const start = headerBytes(full);
  const output = fs.createWriteStream(out, { mode: 0o600 });
  const opened = new Promise<void>((resolve, reject) =>
    output.once('open', () => resolve()).once('error', reject),
  );
  await opened;
  output.write(start);
  const cipher = encryption?.cipher(start);
  const stages: NodeJS.ReadWriteStream[] = [zlib.createGzip({ level: GZIP_LEVEL, ...ZLIB })];
  if (cipher) stages.push(cipher);
  // the tag goes after the payload: the file stays open past the pipeline's end
  await pipeline([fs.createReadStream(plain, READ), ...stages, output], { end: false }).catch(
    (error: unknown) => {
      output.destroy();
      throw error;
    },
  );
  if (cipher) output.write(cipher.getAuthTag());
  await new Promise<void>((resolve, reject) =>
    output.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  await fsyncFile(out);
  return full;
}

/** A snapshot file's header alone (its first bytes). */
export async function readSnapshotHeader(
  file: string,
): Promise<{ header: SnapshotHeader; payloadOffset: number }> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const start = Buffer.alloc(MAX_HEADER_BYTES + 12);
    const { bytesRead } = await handle.read(start, 0, start.length, 0);
    return parseHeader(start.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

export class SnapshotUnreadable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SnapshotUnreadable';
  }
}

/**
 * Reads a snapshot back: decrypted (the tag checked), decompressed, hashed, and written to
 * `into` (0600) or only hashed (`into` null, to prove a snapshot reads back as written).
 * Throws SnapshotKeyProblem for a missing or wrong key, SnapshotUnreadable for a damaged file.
 */
export async function decodeSnapshot(
  file: string,
  passphrase: string | undefined,
  into: string | null,
): Promise<{ header: SnapshotHeader; sha256: string; bytes: number }> {
  const { header, payloadOffset } = await readSnapshotHeader(file);
  const size = (await fs.promises.stat(file)).size;
  const stages: NodeJS.ReadWriteStream[] = [];
  let payloadEnd = size;
  if (header.encryption) {
    payloadEnd = size - GCM_TAG_BYTES;
    if (payloadEnd < payloadOffset) throw new SnapshotUnreadable(`${header.name} is cut short.`);
    const tag = Buffer.alloc(GCM_TAG_BYTES);
    const handle = await fs.promises.open(file, 'r');
    try {
      await handle.read(tag, 0, GCM_TAG_BYTES, payloadEnd);
    } finally {
      await handle.close();
    }
    const aad = Buffer.alloc(payloadOffset);
    const start = await fs.promises.open(file, 'r');
    try {
      await start.read(aad, 0, payloadOffset, 0);
    } finally {
      await start.close();
    }
    stages.push(await openEncryption(header.encryption, passphrase, aad, tag));
  }
  stages.push(zlib.createGunzip(ZLIB));
  const hash = createHash('sha256');
  let bytes = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  const sink: Writable = into
    ? fs.createWriteStream(into, { mode: 0o600 })
    : new Writable({ write: (_chunk, _encoding, done) => done() });
  const source: Readable =
    payloadEnd > payloadOffset
      ? fs.createReadStream(file, { ...READ, start: payloadOffset, end: payloadEnd - 1 })
      : new PassThrough().end();
  try {
    await pipeline([source, ...stages, hashing(hash), counted, sink]);
  } catch (error) {
    if (header.encryption && /unable to authenticate|Unsupported state/i.test(String(error)))
      throw new SnapshotKeyProblem(
        `BACKUP_KEY does not open ${header.name}: it was taken with another passphrase, or the file was changed.`,
      );
    throw new SnapshotUnreadable(
      `${header.name} cannot be read back (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  if (into) await fsyncFile(into);
  return { header, sha256: hash.digest('hex'), bytes };
}

export { SnapshotKeyProblem };

/** The SHA-256 of a file and its size, read as it is. */
export async function hashFile(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  await pipeline(
    fs.createReadStream(file, READ),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytes += chunk.length;
        done();
      },
    }),
  );
  return { sha256: hash.digest('hex'), bytes };
}
