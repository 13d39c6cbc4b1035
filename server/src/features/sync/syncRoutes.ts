import type { Role } from '@auditdesk/shared/core';
import type { FastifyPluginAsync } from 'fastify';
import type { CounterStore } from '../../platform/limits/counterStore';
import { createAttemptLimit } from '../../platform/limits/signInLimiter';
import type { Authenticate } from '../../platform/http/authenticate';
import { operationRoutes } from '../../platform/http/operationRoutes';
import { badRequest, conflict, serviceUnavailable } from '../../platform/errors/httpProblem';
import { defaultSyncRange, rangeProblem } from './engine/syncRange';
import { SyncAlreadyRunning, SyncLockUnavailable, type SyncService } from './syncService';

/** When to ask again after the shared lock could not be reached (Redis reconnects at most 2 s apart). */
const LOCK_RETRY_SECONDS = 5;

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
export const syncRoutes: FastifyPluginAsync<SyncRoutesOptions> = async (
  app,
  { sync, authenticate, syncRoles, counters, runsPerHour },
) => {
  const route = operationRoutes(app, authenticate);
  const runsPerUser = createAttemptLimit(counters, 'sync-execute:user', runsPerHour, HOUR_MS);

  route(
    'syncExecute',
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
    { access: syncRoles },
  );

  route('syncStatus', async () => ({ ...(await sync.status()), startRoles: syncRoles }));

  route('syncHistory', async (request) => sync.historyPage(request.query.page, request.query.pageSize));
};
