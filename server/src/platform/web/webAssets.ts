import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/loadConfig';
import { REMOTES } from '../config/remotes';
import { cacheControlFor } from './cacheControl';

const staticOptions = {
  // Source maps carry the full sources: never public, even if a build left one behind.
  allowedPath: (pathName: string) => !pathName.toLowerCase().endsWith('.map'),
  cacheControl: false,
  setHeaders: (reply: FastifyReply, file: string) => reply.header('cache-control', cacheControlFor(file)),
};

function isPageRequest(request: FastifyRequest): boolean {
  const url = request.url.split('?')[0] ?? '/';
  return (
    request.method === 'GET' &&
    !url.startsWith('/api/') &&
    !url.startsWith('/hubs/') &&
    !url.startsWith('/remotes/') &&
    !url.startsWith('/releases/') &&
    !path.extname(url) &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

/**
 * Production web serving: the host at / (any page path falls back to index.html for the
 * client router) and each remote at /remotes/<name>/.
 */
export const webAssets = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  const hostDist = path.join(config.webRoot, 'host', 'dist');
  if (!fs.existsSync(path.join(hostDist, 'index.html'))) {
    app.log.warn({ hostDist }, 'the host is not built; run `pnpm build`');
  }
  await app.register(fastifyStatic, {
    root: hostDist,
    prefix: '/',
    wildcard: false,
    index: false,
    ...staticOptions,
  });

  for (const remote of REMOTES) {
    await app.register(async (scope) => {
      // The host may sit on another origin; it fetches the manifest with fetch().
      scope.addHook('onSend', async (_request, reply) => {
        reply.header('access-control-allow-origin', '*');
      });
      await scope.register(fastifyStatic, {
        root: path.join(config.webRoot, remote.folder, 'dist'),
        prefix: `/remotes/${remote.path}/`,
        decorateReply: false,
        ...staticOptions,
      });
    });
  }

  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html', hostDist);
  app.get('/', (_request, reply) => sendIndex(reply));
  app.addHook('onRequest', async (request, reply) => {
    // Client-side routes (/leads, /resources/redis, …) all get the host page.
    if (isPageRequest(request) && request.url !== '/') return sendIndex(reply);
  });
});
