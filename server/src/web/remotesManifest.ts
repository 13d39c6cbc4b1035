import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/loadConfig';

/** Where the host finds each remote's mf-manifest.json; read at every page load. */
export async function remotesManifest(app: FastifyInstance, { config }: { config: Config }) {
  app.get('/remotes.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return config.remoteUrls;
  });
}
