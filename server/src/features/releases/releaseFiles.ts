import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { cacheControlFor } from '../../platform/web/cacheControl';
import { RELEASES_PATH } from './releaseStore';

/**
 * Whether a path of the store may be served: never a source map or a dotfile (at any depth),
 * and only a file whose real path (links followed) is inside the store. A release never holds
 * a link (publishing refuses them), but a store written before that, or by hand, might.
 */
export function servableFromStore(storeRoot: string, pathName: string): boolean {
  const segments = pathName.split('/').filter(Boolean);
  if (segments.some((segment) => segment.startsWith('.'))) return false;
  if (pathName.toLowerCase().endsWith('.map')) return false;
  let real: string;
  try {
    real = fs.realpathSync(path.join(storeRoot, ...segments));
  } catch {
    return true; // nothing there: the static server answers 404
  }
  return real === storeRoot || real.startsWith(storeRoot + path.sep);
}

/**
 * The release store's files at /releases/<remote>/<version>/: manifest and entry no-cache,
 * hashed chunks immutable (a release never changes, and an old tab keeps loading its chunks).
 */
export async function releaseFiles(app: FastifyInstance, { dir }: { dir: string }) {
  fs.mkdirSync(dir, { recursive: true });
  const storeRoot = fs.realpathSync(dir);
  await app.register(async (scope) => {
    // the host may sit on another origin; it fetches the manifest with fetch()
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('access-control-allow-origin', '*');
    });
    await scope.register(fastifyStatic, {
      root: storeRoot,
      prefix: `${RELEASES_PATH}/`,
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      allowedPath: (pathName: string) => servableFromStore(storeRoot, pathName),
      cacheControl: false,
      setHeaders: (reply: FastifyReply, file: string) => reply.header('cache-control', cacheControlFor(file)),
    });
  });
}
