import { health } from '@auditdesk/shared/core';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/database';

/** GET /api/health: is the server up and can it reach its database. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['Health'],
        summary: 'Liveness and database reachability',
        response: { 200: health, 503: health },
      },
    },
    async (_request, reply) => {
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
    },
  );
};
