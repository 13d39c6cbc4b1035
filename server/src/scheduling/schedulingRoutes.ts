import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Authenticate } from '../auth/authenticate';
import type { Config } from '../config/loadConfig';
import { HttpProblem } from '../errors/httpProblem';
import { isoDay } from '../sync/engine/syncRange';
import type { GridData } from './gridData';
import type { SchedulingStats } from './schedulingStats';
import { timeframeQuery } from './timeframes';

const gridQuery = z.strictObject({ startDate: isoDay.optional(), endDate: isoDay.optional() });

/** GET /api/leads/grid-data: the grid records of the two configured auditors. */
export const gridDataRoute: FastifyPluginAsyncZod<{ grid: GridData; authenticate: Authenticate }> = async (
  app,
  { grid, authenticate },
) => {
  app.get(
    '/grid-data',
    { preHandler: authenticate(), schema: { querystring: gridQuery } },
    async (request) => {
      const { startDate, endDate } = request.query;
      if (startDate && endDate && startDate > endDate)
        throw new HttpProblem(400, 'startDate must not be after endDate.');
      return grid({ startDate, endDate });
    },
  );
};

/** /api/scheduling: every signed-in role may read. */
export const schedulingRoutes: FastifyPluginAsyncZod<{
  stats: SchedulingStats;
  config: Config;
  authenticate: Authenticate;
}> = async (app, { stats, config, authenticate }) => {
  app.addHook('preHandler', authenticate());

  app.get('/auditors', async () => ({ auditors: config.auditors }));

  app.get(
    '/dashboard',
    {
      schema: { querystring: z.strictObject({ months: z.coerce.number().int().min(1).max(60).default(12) }) },
    },
    async (request) => stats.dashboard(request.query.months),
  );

  app.get('/performance', { schema: { querystring: timeframeQuery } }, async (request) =>
    stats.performance(request.query.timeframe),
  );
  app.get('/categories', { schema: { querystring: timeframeQuery } }, async (request) =>
    stats.categories(request.query.timeframe),
  );
  app.get('/analytics', { schema: { querystring: timeframeQuery } }, async (request) =>
    stats.analytics(request.query.timeframe),
  );
};
