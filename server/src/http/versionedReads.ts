import type { FastifyReply, FastifyRequest } from 'fastify';
import pLimit from 'p-limit';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { z } from 'zod';

const gzip = promisify(gzipCallback);

interface Body {
  etag: string;
  json: Buffer;
  gzipped: Buffer;
}

const shortHash = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 12);

function acceptsGzip(request: FastifyRequest): boolean {
  return /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
}

/**
 * Heavy reads answered from a body built once per data version: an ETag (If-None-Match →
 * 304 without touching the data), the JSON validated by the route's schema once, and its
 * gzip kept beside it. Concurrent first requests share one build, and builds run one at a
 * time, so cheap requests stay fast while heavy ones queue.
 */
export function createVersionedReads({ maxEntries = 32 }: { maxEntries?: number } = {}) {
  const bodies = new Map<string, Promise<Body>>();
  const oneAtATime = pLimit(1);

  function remember(key: string, body: Promise<Body>) {
    bodies.set(key, body);
    body.catch(() => bodies.delete(key)); // a failed build is not kept
    while (bodies.size > maxEntries) bodies.delete(bodies.keys().next().value!);
  }

  return async function sendVersioned<S extends z.ZodType>(
    request: FastifyRequest,
    reply: FastifyReply,
    options: { key: string; version: number; schema: S; build: () => Promise<z.input<S>> },
  ): Promise<FastifyReply> {
    const etag = `"${options.version}-${shortHash(options.key)}"`;
    reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();

    const cacheKey = `${options.key}@${options.version}`;
    let body = bodies.get(cacheKey);
    if (!body) {
      body = oneAtATime(async () => {
        const data = options.schema.parse(await options.build());
        const json = Buffer.from(JSON.stringify(data));
        return { etag, json, gzipped: await gzip(json) };
      });
      remember(cacheKey, body);
    }
    const { json, gzipped } = await body;
    reply.type('application/json; charset=utf-8');
    if (acceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(gzipped);
    return reply.send(json);
  };
}

export type SendVersioned = ReturnType<typeof createVersionedReads>;
