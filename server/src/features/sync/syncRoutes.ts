import {
  executeBody,
  syncHistoryPage,
  syncHistoryQuery,
  syncResult,
  syncStatus,
} from '@auditdesk/shared/core';
import type { Role } from '@auditdesk/shared/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CounterStore } from '../../platform/limits/counterStore';
import { createAttemptLimit } from '../../platform/limits/signInLimiter';
import { guardEveryRoute } from '../auth/guardEveryRoute';
import type { Authenticate } from '../auth/authenticate';
import { badRequest, conflict, serviceUnavailable } from '../../platform/errors/httpProblem';
import { defaultSyncRange, rangeProblem } from './engine/syncRange';
import { SyncAlreadyRunning, SyncLockUnavailable, type SyncService } from './syncService';

/** When to ask again after the shared lock could not be reached (Redis reconnects at most 2 s apart). */
const LOCK_RETRY_SECONDS = 5;

const tags = ['Sync'];

const HOUR_MS = 60 * 60_000;

interface SyncRoutesOptions {
  sync: SyncService;
  authenticate: Authenticate;
  /** Who may start a run (SYNC_ROLES); every signed-in role reads the state and history. */
  syncRoles: Role[];
  /** Runs one person may start per hour (RATE_LIMIT_SYNC_PER_USER), counted on every instance. */
  counters: CounterStore;
  runsPerHour: number;
}

/** /api/sync: the roles SYNC_ROLES names start a run; every signed-in role reads its state. */
export const syncRoutes: FastifyPluginAsyncZod<SyncRoutesOptions> = async (
  app,
  { sync, authenticate, syncRoles, counters, runsPerHour },
) => {
  guardEveryRoute(app, authenticate());
  const runsPerUser = createAttemptLimit(counters, 'sync-execute:user', runsPerHour, HOUR_MS);

  app.post(
    '/execute',
    {
      schema: {
        tags,
        summary: 'Run one sync over a date range; answers when it ends',
        description:
          'Progress arrives over the hub meanwhile. 409 with runningRunId while another run is on, on any instance; 503 while the shared lock (Redis) cannot be reached; 429 with Retry-After past RATE_LIMIT_SYNC_PER_USER runs an hour.',
        body: executeBody,
        response: { 200: syncResult },
      },
      onRequest: authenticate(...syncRoles),
    },
    async (request) => {
      await runsPerUser(String(request.currentUser!.id));
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
    async () => ({ ...(await sync.status()), startRoles: syncRoles }),
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
