import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { ReadCache } from '../cache/readCache';

const shortHash = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 12);

function acceptsGzip(request: FastifyRequest): boolean {
  return /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
}

/**
 * Heavy reads answered from the read cache: an ETag per data version (If-None-Match →
 * 304 without touching the data; the same on every instance), the JSON validated by the
 * route's schema once per build, and its gzip kept beside it.
 */
export function createVersionedReads(cache: ReadCache) {
  return async function sendVersioned<S extends z.ZodType>(
    request: FastifyRequest,
    reply: FastifyReply,
    options: { key: string; version: number; schema: S; build: () => Promise<z.input<S>> },
  ): Promise<FastifyReply> {
    const etag = `"${options.version}-${shortHash(options.key)}"`;
    reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();

    const { json, gzipped } = await cache.body(options.key, options.version, async () =>
      options.schema.parse(await options.build()),
    );
    reply.type('application/json; charset=utf-8');
    if (acceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(gzipped);
    return reply.send(json);
  };
}

export type SendVersioned = ReturnType<typeof createVersionedReads>;
