import { routeIo, type RouteIo, type Timeframe } from '@auditdesk/shared/core';
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import type { Authenticate } from '../../platform/http/authenticate';
import { operationRoutes, type OperationHandler } from '../../platform/http/operationRoutes';
import type { Config } from '../../platform/config/loadConfig';
import type { SendVersioned } from '../../platform/http/versionedReads';
import type { LeadsRepository } from '../leads/repository/leadsRepository';
import type { SchedulingStats } from './schedulingStats';
import { monthsEndingIn, timeframeRange } from './timeframes';

type TimeframeRead = 'schedulingPerformance' | 'schedulingCategories' | 'schedulingAnalytics';

/**
 * /api/scheduling: every signed-in role may read. The numbers come from the read cache,
 * keyed by the days they cover (a timeframe is resolved against today first) and the
 * auditors compared, at the leads' data version.
 */
export const schedulingRoutes: FastifyPluginAsync<{
  stats: SchedulingStats;
  leads: LeadsRepository;
  config: Config;
  authenticate: Authenticate;
  sendVersioned: SendVersioned;
}> = async (app, { stats, leads, config, authenticate, sendVersioned }) => {
  const route = operationRoutes(app, authenticate);
  const auditors = config.auditors.join(',');

  route('schedulingAuditors', async () => ({ auditors: [...config.auditors] }));

  route('schedulingDashboard', async (request, reply) => {
    const today = new Date();
    const { months } = request.query;
    return sendVersioned(request, reply, {
      key: `scheduling/dashboard?${monthsEndingIn(today, months, config.calendar.timeZone).endDate}&${months}&${auditors}`,
      version: await leads.dataVersion(),
      schema: routeIo.schedulingDashboard.response[200],
      build: () => stats.dashboard(months, today),
    });
  });

  /** A read of one timeframe's numbers, resolved against today and cached for it. */
  function timeframeRead<K extends TimeframeRead>(
    id: K,
    build: (timeframe: Timeframe, today: Date) => Promise<z.input<RouteIo[K]['response'][200]>>,
  ) {
    const schema: z.ZodType = routeIo[id].response[200];
    const read: OperationHandler<TimeframeRead> = async (request, reply) => {
      const today = new Date();
      const { timeframe } = request.query;
      const { startDate, endDate } = timeframeRange(timeframe, config.calendar.timeZone, today);
      return sendVersioned(request, reply, {
        key: `${id}?${timeframe}&${startDate}&${endDate}&${auditors}`,
        version: await leads.dataVersion(),
        schema,
        build: () => build(timeframe, today),
      });
    };
    route(id, read);
  }

  timeframeRead('schedulingPerformance', stats.performance);
  timeframeRead('schedulingCategories', stats.categories);
  timeframeRead('schedulingAnalytics', stats.analytics);
};
