import type { FastifyPluginAsync } from 'fastify';
import type { Authenticate } from '../../platform/http/authenticate';
import { operationRoutes } from '../../platform/http/operationRoutes';
import type { ReadCache } from '../../platform/cache/readCache';
import type { SyncService } from '../sync/syncService';
import type { LeadsRepository } from '../leads/repository/leadsRepository';

/**
 * GET /api/dashboard/stats: the lead and sync totals (spec sections 3 and 5). The lead
 * numbers come from the read cache at the leads' data version; the sync totals, which
 * change with every run (a run that changed nothing too), are read fresh.
 */
export const dashboardRoutes: FastifyPluginAsync<{
  leads: LeadsRepository;
  sync: SyncService;
  authenticate: Authenticate;
  cache: ReadCache;
}> = async (app, { leads, sync, authenticate, cache }) => {
  const route = operationRoutes(app, authenticate);

  route('dashboardStats', async () => {
    const status = await sync.status();
    return {
      ...(await cache.data('dashboard/stats', await leads.dataVersion(), () => leads.dashboard())),
      totalSyncs: status.totalSyncs,
      successfulSyncs: status.successfulSyncs,
      lastSyncTime: status.lastSync,
    };
  });
};
