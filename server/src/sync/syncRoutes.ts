import {
  executeBody,
  syncHistoryPage,
  syncHistoryQuery,
  syncResult,
  syncStatus,
} from '@auditdesk/shared/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardEveryRoute } from '../auth/guardEveryRoute';
import type { Authenticate } from '../auth/authenticate';
import { badRequest, conflict, serviceUnavailable } from '../errors/httpProblem';
import { defaultSyncRange, rangeProblem } from './engine/syncRange';
import { SyncAlreadyRunning, SyncLockUnavailable, type SyncService } from './syncService';

/** When to ask again after the shared lock could not be reached (Redis reconnects at most 2 s apart). */
const LOCK_RETRY_SECONDS = 5;

const tags = ['Sync'];

/** /api/sync: every signed-in role may run a sync and read its state. */
export const syncRoutes: FastifyPluginAsyncZod<{ sync: SyncService; authenticate: Authenticate }> = async (
  app,
  { sync, authenticate },
) => {
  guardEveryRoute(app, authenticate());

  app.post(
    '/execute',
    {
      schema: {
        tags,
        summary: 'Run one sync over a date range; answers when it ends',
        description:
          'Progress arrives over the hub meanwhile. 409 with runningRunId while another run is on, on any instance; 503 while the shared lock (Redis) cannot be reached.',
        body: executeBody,
        response: { 200: syncResult },
      },
    },
    async (request) => {
      const { startDate, endDate } = request.body;
      const range = startDate && endDate ? { startDate, endDate } : defaultSyncRange();
      const problem = rangeProblem(range);
      if (problem) throw badRequest(problem);
      try {
        return await sync.execute(range, 'api', request.currentUser!.id);
      } catch (error) {
        if (error instanceof SyncAlreadyRunning) throw conflict(error.message, { runningRunId: error.runId });
        if (error instanceof SyncLockUnavailable) throw serviceUnavailable(error.message, LOCK_RETRY_SECONDS);
        throw error;
      }
    },
  );

  app.get(
    '/status',
    { schema: { tags, summary: 'Whether a sync runs, and the totals', response: { 200: syncStatus } } },
    async () => sync.status(),
  );

  app.get(
    '/history',
    {
      schema: {
        tags,
        summary: 'Past runs, newest first, a page at a time',
        querystring: syncHistoryQuery,
        response: { 200: syncHistoryPage },
      },
    },
    async (request) => sync.historyPage(request.query.page, request.query.pageSize),
  );
};
