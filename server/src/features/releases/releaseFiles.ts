import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fs from 'node:fs';
import { cacheControlFor } from '../../platform/web/cacheControl';
import { RELEASES_PATH } from './releaseStore';

/**
 * The release store's files at /releases/<remote>/<version>/: manifest and entry no-cache,
 * hashed chunks immutable (a release never changes, and an old tab keeps loading its chunks).
 */
export async function releaseFiles(app: FastifyInstance, { dir }: { dir: string }) {
  fs.mkdirSync(dir, { recursive: true });
  await app.register(async (scope) => {
    // the host may sit on another origin; it fetches the manifest with fetch()
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('access-control-allow-origin', '*');
    });
    await scope.register(fastifyStatic, {
      root: dir,
      prefix: `${RELEASES_PATH}/`,
      decorateReply: false,
      index: false,
      list: false,
      allowedPath: (pathName: string) => !pathName.toLowerCase().endsWith('.map'),
      cacheControl: false,
      setHeaders: (reply: FastifyReply, file: string) => reply.header('cache-control', cacheControlFor(file)),
    });
  });
}
