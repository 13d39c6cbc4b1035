import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../appContext';

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/health', async (_request, reply) => {
    let database = 'ok';
    try {
      ctx.db.run(sql`select 1`);
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
