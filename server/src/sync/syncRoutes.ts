import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Authenticate } from '../auth/authenticate';
import { conflict, HttpProblem } from '../errors/httpProblem';
import { defaultSyncRange, rangeProblem } from './engine/syncRange';
import { SyncAlreadyRunning } from './runs/syncRunsRepository';
import { executeBody } from './syncSchemas';
import type { SyncService } from './syncService';

/** /api/sync: every signed-in role may run a sync and read its state. */
export const syncRoutes: FastifyPluginAsyncZod<{ sync: SyncService; authenticate: Authenticate }> = async (
  app,
  { sync, authenticate },
) => {
  app.addHook('preHandler', authenticate());

  app.post('/execute', { schema: { body: executeBody } }, async (request) => {
    const { startDate, endDate } = request.body;
    const range = startDate && endDate ? { startDate, endDate } : defaultSyncRange();
    const problem = rangeProblem(range);
    if (problem) throw new HttpProblem(400, problem);
    try {
      return await sync.execute(range, 'api', request.currentUser!.id);
    } catch (error) {
      if (error instanceof SyncAlreadyRunning) throw conflict(error.message, { runningRunId: error.runId });
      throw error;
    }
  });

  app.get('/status', async () => sync.status());

  app.get(
    '/history',
    {
      schema: {
        querystring: z.strictObject({
          page: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(10),
        }),
      },
    },
    async (request) => sync.historyPage(request.query.page, request.query.pageSize),
  );
};
