import {
  auditorsResponse,
  schedulingAnalytics,
  schedulingCategories,
  schedulingDashboard,
  schedulingDashboardQuery,
  schedulingPerformance,
  timeframeQuery,
  type Timeframe,
} from '@auditdesk/shared/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { guardEveryRoute } from '../auth/guardEveryRoute';
import type { Authenticate } from '../auth/authenticate';
import type { Config } from '../../platform/config/loadConfig';
import type { SendVersioned } from '../../platform/http/versionedReads';
import type { LeadsRepository } from '../leads/repository/leadsRepository';
import type { SchedulingStats } from './schedulingStats';
import { timeframeRange } from './timeframes';

const tags = ['Scheduling'];

/**
 * /api/scheduling: every signed-in role may read. The numbers come from the read cache,
 * keyed by the days they cover (a timeframe is resolved against today first) and the
 * auditors compared, at the leads' data version.
 */
export const schedulingRoutes: FastifyPluginAsyncZod<{
  stats: SchedulingStats;
  leads: LeadsRepository;
  config: Config;
  authenticate: Authenticate;
  sendVersioned: SendVersioned;
}> = async (app, { stats, leads, config, authenticate, sendVersioned }) => {
  guardEveryRoute(app, authenticate());
  const auditors = config.auditors.join(',');

  app.get(
    '/auditors',
    {
      schema: {
        tags,
        summary: 'The auditors: the scheduling screen compares two at a time, the first two by default',
        response: { 200: auditorsResponse },
      },
    },
    async () => ({ auditors: [...config.auditors] }),
  );

  app.get(
    '/dashboard',
    {
      schema: {
        tags,
        summary: 'Monthly totals per auditor for the last `months` months',
        querystring: schedulingDashboardQuery,
        response: { 200: schedulingDashboard },
      },
    },
    async (request, reply) => {
      const today = new Date();
      const { months } = request.query;
      return sendVersioned(request, reply, {
        key: `scheduling/dashboard?${months}&${today.toISOString().slice(0, 7)}&${auditors}`,
        version: await leads.dataVersion(),
        schema: schedulingDashboard,
        build: () => stats.dashboard(months, today),
      });
    },
  );

  /** A read of one timeframe's numbers, resolved against today and cached for it. */
  function timeframeRead(
    name: string,
    summary: string,
    schema: z.ZodType,
    build: (timeframe: Timeframe, today: Date) => Promise<unknown>,
  ) {
    app.get(
      `/${name}`,
      { schema: { tags, summary, querystring: timeframeQuery, response: { 200: schema } } },
      async (request, reply) => {
        const today = new Date();
        const { timeframe } = request.query;
        const { startDate, endDate } = timeframeRange(timeframe, today);
        return sendVersioned(request, reply, {
          key: `scheduling/${name}?${timeframe}&${startDate}&${endDate}&${auditors}`,
          version: await leads.dataVersion(),
          schema,
          build: () => build(timeframe, today),
        });
      },
    );
  }

  timeframeRead(
    'performance',
    'Totals per auditor and their comparison',
    schedulingPerformance,
    stats.performance,
  );
  timeframeRead(
    'categories',
    'Fuel, provider and family counts per auditor',
    schedulingCategories,
    stats.categories,
  );
  timeframeRead(
    'analytics',
    'Conversion rate, days from booking to appointment, monthly trend',
    schedulingAnalytics,
    stats.analytics,
  );
};
