import {
  auditorsResponse,
  gridQuery,
  gridRecord,
  schedulingAnalytics,
  schedulingCategories,
  schedulingDashboard,
  schedulingDashboardQuery,
  schedulingPerformance,
  timeframeQuery,
} from '@auditdesk/shared/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardEveryRoute } from '../auth/guardEveryRoute';
import type { Authenticate } from '../auth/authenticate';
import type { Config } from '../config/loadConfig';
import type { SendVersioned } from '../http/versionedReads';
import type { LeadsRepository } from '../leads/repository/leadsRepository';
import type { SchedulingStats } from './schedulingStats';

const tags = ['Scheduling'];
const gridRecords = z.array(gridRecord);

/** GET /api/leads/grid-data: the grid records of the two configured auditors. */
export const gridDataRoute: FastifyPluginAsyncZod<{
  leads: LeadsRepository;
  auditors: readonly [string, string];
  authenticate: Authenticate;
  sendVersioned: SendVersioned;
}> = async (app, { leads, auditors, authenticate, sendVersioned }) => {
  app.get(
    '/grid-data',
    {
      onRequest: authenticate(),
      schema: {
        tags,
        summary: 'Grid records: year, month, week of month and auditor',
        description: 'Both dates optional (yyyy-mm-dd, inclusive). Sends an ETag per data version.',
        querystring: gridQuery,
        response: { 200: gridRecords },
      },
    },
    async (request, reply) => {
      const { startDate, endDate } = request.query;
      return sendVersioned(request, reply, {
        key: `grid-data?${startDate ?? ''}&${endDate ?? ''}`,
        version: await leads.dataVersion(),
        schema: gridRecords,
        build: () => leads.grid(auditors, { startDate, endDate }),
      });
    },
  );
};

/** /api/scheduling: every signed-in role may read. */
export const schedulingRoutes: FastifyPluginAsyncZod<{
  stats: SchedulingStats;
  config: Config;
  authenticate: Authenticate;
}> = async (app, { stats, config, authenticate }) => {
  guardEveryRoute(app, authenticate());

  app.get(
    '/auditors',
    { schema: { tags, summary: 'The two auditors compared', response: { 200: auditorsResponse } } },
    async () => ({ auditors: config.auditors }),
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
    async (request) => stats.dashboard(request.query.months),
  );

  app.get(
    '/performance',
    {
      schema: {
        tags,
        summary: 'Totals per auditor and their comparison',
        querystring: timeframeQuery,
        response: { 200: schedulingPerformance },
      },
    },
    async (request) => stats.performance(request.query.timeframe),
  );

  app.get(
    '/categories',
    {
      schema: {
        tags,
        summary: 'Fuel, provider and family counts per auditor',
        querystring: timeframeQuery,
        response: { 200: schedulingCategories },
      },
    },
    async (request) => stats.categories(request.query.timeframe),
  );

  app.get(
    '/analytics',
    {
      schema: {
        tags,
        summary: 'Conversion rate, days from booking to appointment, monthly trend',
        querystring: timeframeQuery,
        response: { 200: schedulingAnalytics },
      },
    },
    async (request) => stats.analytics(request.query.timeframe),
  );
};
