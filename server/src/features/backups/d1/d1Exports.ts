import type { D1Export } from '@auditdesk/shared/core';
import type { FastifyBaseLogger } from 'fastify';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { BackupSettings } from '../../../platform/config/loadConfig';
import type { D1Api } from '../../../platform/db/d1/d1Api';
import type { OffsiteCopies } from '../offsite/offsiteCopies';
import type { S3Bucket } from '../offsite/s3Bucket';
import { pointsToPrune } from '../retention';
import { runOffThread } from '../snapshots/offThread';
import { decodeSnapshot, encodeSnapshot } from '../snapshots/snapshotCodec';
import type { SnapshotHeader } from '../snapshots/snapshotHeader';

/** How often an export under way is polled (Cloudflare cancels one that is not polled). */
const POLL_MS = 1_000;
/** An export that is not done after this is given up. */
const EXPORT_LIMIT_MS = 30 * 60_000;
/** The signed URL's download (Cloudflare keeps it an hour). */
const DOWNLOAD_LIMIT_MS = 30 * 60_000;

export class D1ExportFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'D1ExportFailed';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const toExport = (header: SnapshotHeader, sizeBytes: number): D1Export => ({
  name: header.name,
  at: header.at,
  reason: header.reason,
  sizeBytes,
  counts: header.counts,
  verification: `rebuilt into SQLite: integrity_check ok; read back whole (SHA-256 ${header.sha256.slice(0, 12)}…)`,
  encrypted: header.encryption !== null,
});

/**
 * The D1 database exported off Cloudflare on the schedule (BACKUP_S3_URL set): the export
 * asked for and polled until done (`POST …/export`), the SQL dump downloaded from its signed URL,
 * proven to rebuild a database (run into a scratch SQLite file on a worker thread:
 * integrity_check, the main tables' rows), written compressed and encrypted (BACKUP_KEY) as a
 * snapshot file whose payload is the SQL, read back, and copied to the bucket under
 * `d1-exports/`. The retention rule thins the exports as it thins snapshots.
 */
export function createD1Exports({
  api,
  bucket,
  copies,
  settings,
  appVersion,
  log,
}: {
  api: D1Api;
  /** The bucket, at the exports' prefix. */
  bucket: S3Bucket;
  copies: OffsiteCopies;
  settings: BackupSettings;
  appVersion: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}) {
  const headers = new Map<string, SnapshotHeader>();
  let running: Promise<D1Export> | null = null;

  /** Asks for the export and polls it until Cloudflare has written it; answers its signed URL. */
  async function exported(): Promise<{ bookmark: string; url: string }> {
    const giveUpAt = Date.now() + EXPORT_LIMIT_MS;
    let bookmark: string | undefined;
    for (;;) {
      const poll = await api.exportPoll(bookmark);
      if (!poll.success) throw new D1ExportFailed(`Cloudflare refused the export: ${poll.error}`);
      bookmark = poll.at_bookmark;
      if (poll.status === 'complete') return { bookmark, url: poll.result.signed_url };
      if (poll.status === 'error')
        throw new D1ExportFailed(
          `Cloudflare's export failed: ${poll.error || 'no reason given'}${poll.messages.length ? ` (${poll.messages.join('; ')})` : ''}`,
        );
      if (Date.now() > giveUpAt)
        throw new D1ExportFailed(
          `Cloudflare's export was not done after ${EXPORT_LIMIT_MS / 60_000} minutes.`,
        );
      await sleep(POLL_MS);
    }
  }

  /** Downloads the dump (the signed URL is its own credential); answers its SHA-256 and size. */
  async function download(url: string, into: string): Promise<{ sha256: string; bytes: number }> {
    const response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_LIMIT_MS) });
    if (!response.ok || !response.body)
      throw new D1ExportFailed(`The export's download answered HTTP ${response.status}.`);
    const hash = createHash('sha256');
    let bytes = 0;
    await pipeline(
      Readable.fromWeb(response.body as WebReadableStream),
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          bytes += chunk.length;
          done(null, chunk);
        },
      }),
      fs.createWriteStream(into, { mode: 0o600 }),
    );
    return { sha256: hash.digest('hex'), bytes };
  }

  async function exportNow(): Promise<D1Export> {
    const at = new Date();
    const base = `${at.toISOString().slice(0, 19).replace(/:/g, '')}Z-export`;
    const taken = new Set((await bucket.list()).map((object) => object.name));
    let name = base;
    for (let n = 2; taken.has(name); n += 1) name = `${base}-${n}`;
    const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'auditdesk-d1-export-'));
    try {
      const { bookmark, url } = await exported();
      const sql = path.join(work, 'dump.sql');
      const { sha256, bytes } = await download(url, sql);
      const check = await runOffThread(
        { task: 'rebuild', sql, database: path.join(work, 'rebuilt.db') },
        sql,
      );
      if (check.problem) throw new D1ExportFailed(`The export of ${bookmark} ${check.problem}`);
      const out = path.join(work, `${name}.adsnap`);
      const header = await encodeSnapshot(
        sql,
        {
          format: 1,
          name,
          kind: 'schedule',
          reason: `Export of the D1 database at bookmark ${bookmark}`,
          at: at.toISOString(),
          appVersion,
          content: 'sql',
          schema: check.schema,
          counts: check.counts,
          historyMaxId: check.historyMaxId,
          databaseBytes: bytes,
          sha256,
          compression: 'gzip',
        },
        out,
        settings.key,
      );
      const readBack = await decodeSnapshot(out, settings.key, null);
      if (readBack.sha256 !== sha256)
        throw new D1ExportFailed(`${name} does not read back as the export it was made of.`);
      await copies.copy(name, out);
      const copied = copies.stateOf(name);
      if (copied?.state !== 'copied')
        throw new D1ExportFailed(
          `${name} was not copied to ${bucket.target}: ${copied?.problem ?? 'unknown'}`,
        );
      headers.set(name, header);
      const sizeBytes = (await fs.promises.stat(out)).size;
      log.info(
        { export: name, bookmark, bytes: sizeBytes, counts: check.counts },
        'D1 exported off Cloudflare',
      );
      await prune();
      return toExport(header, sizeBytes);
    } finally {
      await fs.promises.rm(work, { recursive: true, force: true });
    }
  }

  async function list(): Promise<D1Export[]> {
    const found: D1Export[] = [];
    for (const object of await bucket.list()) {
      try {
        let header = headers.get(object.name);
        if (!header) {
          header = await bucket.header(object.name);
          headers.set(object.name, header);
        }
        found.push(toExport(header, object.sizeBytes));
      } catch (error) {
        log.warn({ err: error, export: object.name }, 'an export in the bucket has no readable header');
      }
    }
    return found.sort((a, b) => b.at.localeCompare(a.at));
  }

  async function prune(): Promise<void> {
    const exports = await list();
    const gone = pointsToPrune(
      exports.map(({ name, at }) => ({ name, at, kind: 'schedule' as const })),
      settings.keep,
    );
    if (gone.length === 0) return;
    await bucket
      .remove(gone)
      .catch((error: unknown) => log.warn({ err: error, exports: gone }, 'old exports could not be removed'));
    for (const name of gone) {
      headers.delete(name);
      copies.forget(name);
    }
    log.info({ removed: gone }, 'old D1 exports removed by the retention rule');
  }

  return {
    target: bucket.target,

    /** An export now (one at a time: a second call shares the one under way). */
    run(): Promise<D1Export> {
      running ??= exportNow().finally(() => {
        running = null;
      });
      return running;
    },

    /** The exports in the bucket, newest first. */
    list,

    /** Its SQL, decrypted and decompressed, written to `into` (to rebuild the database elsewhere). */
    async writeSql(name: string, into: string): Promise<D1Export> {
      const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'auditdesk-d1-export-'));
      try {
        const file = path.join(work, `${name}.adsnap`);
        await bucket.download(name, file);
        const { header, sha256 } = await decodeSnapshot(file, settings.key, into);
        if (header.content !== 'sql' || sha256 !== header.sha256)
          throw new D1ExportFailed(`${name} is not a whole D1 export.`);
        return toExport(header, (await fs.promises.stat(file)).size);
      } finally {
        await fs.promises.rm(work, { recursive: true, force: true });
      }
    },

    failing: () => copies.failing(),
    idle: () => copies.idle(),
    close: () => bucket.close(),
  };
}

export type D1Exports = ReturnType<typeof createD1Exports>;
