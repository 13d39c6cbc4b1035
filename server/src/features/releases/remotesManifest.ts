import type { FastifyInstance } from 'fastify';
import type { LiveRemotes } from './liveRemotes';

/**
 * Where the host finds each remote's mf-manifest.json; read at every page load. It follows
 * the live releases (a REMOTE_*_URL setting pins a remote), with no restart.
 */
export async function remotesManifest(app: FastifyInstance, { live }: { live: LiveRemotes }) {
  app.get('/remotes.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return live.urls();
  });
}
