import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export const S3_TEST_BUCKET = 'auditdesk-backups';
/** s3rver's own default credentials (it checks the signature against them). */
const S3_KEY = { id: 'S3RVER', secret: 'S3RVER' };

export interface TestS3Server {
  /** The settings that send a server's snapshot copies here. */
  env(prefix?: string): Record<string, string>;
  /** The objects' keys in the bucket now. */
  keys(): string[];
  /** Refuses the next n requests with 503 (a bucket that is away), then lets them through. */
  refuseNext(n: number): void;
  stop(): Promise<void>;
}

/**
 * An S3-compatible server (s3rver, on disk in a temp folder) on a loopback port with one
 * bucket, behind a small proxy that can refuse requests as an unavailable service would.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-s3-'));
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: S3_TEST_BUCKET, configs: [] }],
  } as ConstructorParameters<typeof S3rver>[0]);
  const { port: s3Port } = (await s3.run()) as unknown as AddressInfo;
  let refusals = 0;
  const proxy = http.createServer((request, response) => {
    if (refusals > 0) {
      refusals -= 1;
      request.resume();
      response.writeHead(503, { 'content-type': 'application/xml' });
      response.end(
        '<Error><Code>ServiceUnavailable</Code><Message>Please reduce your request rate.</Message></Error>',
      );
      return;
    }
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: s3Port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

  return {
    env: (prefix = 'auditdesk') => ({
      BACKUP_S3_URL: `s3://${S3_TEST_BUCKET}/${prefix}`,
      BACKUP_S3_ENDPOINT: endpoint,
      BACKUP_S3_ACCESS_KEY_ID: S3_KEY.id,
      BACKUP_S3_SECRET_ACCESS_KEY: S3_KEY.secret,
    }),
    keys() {
      const bucketDir = path.join(directory, S3_TEST_BUCKET);
      const found: string[] = [];
      const walk = (dir: string, prefix: string) => {
        for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
          if (entry.isDirectory()) walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
          else if (entry.name.endsWith('._S3rver_object'))
            found.push(`${prefix}${entry.name.slice(0, -'._S3rver_object'.length)}`);
        }
      };
      if (fs.existsSync(bucketDir)) walk(bucketDir, '');
      return found.sort();
    },
    refuseNext(n) {
      refusals = n;
    },
    async stop() {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
      await s3.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
