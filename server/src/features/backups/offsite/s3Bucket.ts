import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type _Object,
} from '@aws-sdk/client-s3';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BackupSettings } from '../../../platform/config/loadConfig';
import {
  MAX_HEADER_BYTES,
  parseHeader,
  SNAPSHOT_EXTENSION,
  type SnapshotHeader,
} from '../snapshots/snapshotHeader';

export interface BucketObject {
  /** The restore point's name. */
  name: string;
  sizeBytes: number;
}

/**
 * The snapshots' copies in an S3-compatible bucket (BACKUP_S3_URL): one object per snapshot,
 * `<prefix><name>.adsnap`, as it is on the disk (compressed, encrypted with BACKUP_KEY).
 */
export function createS3Bucket(settings: NonNullable<BackupSettings['s3']>) {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    // an endpoint of one's own (MinIO, R2…) is addressed by path, as most of them want
    forcePathStyle: Boolean(settings.endpoint),
    credentials: settings.credentials,
    // checksums only where S3 requires them: S3-compatible services differ on the newer ones
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
  });
  const keyOf = (name: string) => `${settings.prefix}${name}${SNAPSHOT_EXTENSION}`;
  const nameOf = (key: string) =>
    key.startsWith(settings.prefix) && key.endsWith(SNAPSHOT_EXTENSION)
      ? key.slice(settings.prefix.length, -SNAPSHOT_EXTENSION.length)
      : null;

  return {
    /** Where the copies go, without credentials: s3://bucket/prefix. */
    target: `s3://${settings.bucket}/${settings.prefix}`,

    async upload(name: string, file: string): Promise<void> {
      const { size } = await fs.promises.stat(file);
      await client.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: keyOf(name),
          Body: fs.createReadStream(file),
          ContentLength: size,
          ContentType: 'application/octet-stream',
        }),
      );
    },

    async list(): Promise<BucketObject[]> {
      const objects: _Object[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: settings.bucket,
            Prefix: settings.prefix,
            ContinuationToken: token,
          }),
        );
        objects.push(...(page.Contents ?? []));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return objects.flatMap((object) => {
        const name = object.Key ? nameOf(object.Key) : null;
        return name && !name.includes('/') ? [{ name, sizeBytes: object.Size ?? 0 }] : [];
      });
    },

    /** A copy's header, from its first bytes. */
    async header(name: string): Promise<SnapshotHeader> {
      const answer = await client.send(
        new GetObjectCommand({
          Bucket: settings.bucket,
          Key: keyOf(name),
          Range: `bytes=0-${MAX_HEADER_BYTES + 11}`,
        }),
      );
      const bytes = Buffer.from(await answer.Body!.transformToByteArray());
      return parseHeader(bytes).header;
    },

    /** Downloads a copy to `into` (0600). */
    async download(name: string, into: string): Promise<void> {
      const answer = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: keyOf(name) }));
      await pipeline(answer.Body as Readable, fs.createWriteStream(into, { mode: 0o600 }));
    },

    /** One request per copy: DeleteObjects wants a checksum not every S3-compatible service reads alike. */
    async remove(names: readonly string[]): Promise<void> {
      for (const name of names)
        await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: keyOf(name) }));
    },

    close: () => client.destroy(),
  };
}

export type S3Bucket = ReturnType<typeof createS3Bucket>;
