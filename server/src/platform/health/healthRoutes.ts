import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/database';
import { publicOperation } from '../http/routeOperation';

/** GET /api/health: is the server up and can it reach its database. */
export const healthRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  publicOperation(app, 'healthCheck', async (_request, reply) => {
    let database: 'ok' | 'unavailable' = 'ok';
    try {
      await db.all(sql`select 1`);
    } catch {
      database = 'unavailable';
    }
    const healthy = database === 'ok';
    return reply.status(healthy ? 200 : 503).send({
      status: healthy ? 'ok' : 'degraded',
      database,
      uptimeSeconds: Math.round(process.uptime()),
    });
  });
};
