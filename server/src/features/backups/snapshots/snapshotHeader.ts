import type { BackupKind } from '@auditdesk/shared/core';
import type { SchemaLevel } from '../../../platform/db/migrationState';

/** What a snapshot file says about itself, readable without its key. */
export interface SnapshotHeader {
  format: 1;
  name: string;
  kind: BackupKind;
  reason: string;
  /** ISO 8601, when the database was read. */
  at: string;
  /** The root package.json's version of the server that took it. */
  appVersion: string;
  schema: SchemaLevel;
  /** Rows of the main tables, and the newest lead history entry's id (the changes made after it are counted from it). */
  counts: Record<string, number>;
  historyMaxId: number;
  /** What the payload is: a SQLite database file (absent), or a D1 database's SQL export. */
  content?: 'sql';
  /** The database file (or the SQL) inside: bytes and SHA-256. */
  databaseBytes: number;
  sha256: string;
  compression: 'gzip';
  /** null: not encrypted (no BACKUP_KEY when it was taken). */
  encryption: {
    cipher: 'aes-256-gcm';
    kdf: 'scrypt';
    salt: string;
    iv: string;
    N: number;
    r: number;
    p: number;
  } | null;
  /** Set on a snapshot kept aside because it failed its check. */
  problem?: string;
}

/** The file's first bytes, then the header's length (4 bytes, big-endian), the header (JSON), the payload. */
export const SNAPSHOT_MAGIC = Buffer.from('ADSNAP1\n', 'ascii');
export const SNAPSHOT_EXTENSION = '.adsnap';
/** The most a header may take: a file that claims more is not a snapshot. */
export const MAX_HEADER_BYTES = 256 * 1024;

/** The bytes before the payload. */
export function headerBytes(header: SnapshotHeader): Buffer {
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return Buffer.concat([SNAPSHOT_MAGIC, length, json]);
}

export class NotASnapshot extends Error {
  constructor(detail: string) {
    super(`This is not an Auditdesk snapshot: ${detail}`);
    this.name = 'NotASnapshot';
  }
}

/** The header of a snapshot from its first bytes; answers it with the payload's offset. */
export function parseHeader(start: Buffer): { header: SnapshotHeader; payloadOffset: number } {
  if (
    start.length < SNAPSHOT_MAGIC.length + 4 ||
    !start.subarray(0, SNAPSHOT_MAGIC.length).equals(SNAPSHOT_MAGIC)
  )
    throw new NotASnapshot('it does not start as one.');
  const length = start.readUInt32BE(SNAPSHOT_MAGIC.length);
  const from = SNAPSHOT_MAGIC.length + 4;
  if (length > MAX_HEADER_BYTES || start.length < from + length)
    throw new NotASnapshot('its header is cut short.');
  let header: SnapshotHeader;
  try {
    header = JSON.parse(start.subarray(from, from + length).toString('utf8')) as SnapshotHeader;
  } catch {
    throw new NotASnapshot('its header is not readable.');
  }
  if (header.format !== 1)
    throw new NotASnapshot(`format ${String(header.format)} is unknown to this release.`);
  return { header, payloadOffset: from + length };
}
