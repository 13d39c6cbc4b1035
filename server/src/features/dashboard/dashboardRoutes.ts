import { dashboardStats } from '@auditdesk/shared/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Authenticate } from '../auth/authenticate';
import type { ReadCache } from '../../platform/cache/readCache';
import type { SyncService } from '../sync/syncService';
import type { LeadsRepository } from '../leads/repository/leadsRepository';

/**
 * GET /api/dashboard/stats: the lead and sync totals (spec sections 3 and 5). The lead
 * numbers come from the read cache at the leads' data version; the sync totals, which
 * change with every run (a run that changed nothing too), are read fresh.
 */
export const dashboardRoutes: FastifyPluginAsyncZod<{
  leads: LeadsRepository;
  sync: SyncService;
  authenticate: Authenticate;
  cache: ReadCache;
}> = async (app, { leads, sync, authenticate, cache }) => {
  app.get(
    '/stats',
    {
      onRequest: authenticate(),
      schema: { tags: ['Leads'], summary: 'Lead and sync totals', response: { 200: dashboardStats } },
    },
    async () => {
      const status = await sync.status();
      return {
        ...(await cache.data('dashboard/stats', await leads.dataVersion(), () => leads.dashboard())),
        totalSyncs: status.totalSyncs,
        successfulSyncs: status.successfulSyncs,
        lastSyncTime: status.lastSync,
      };
    },
  );
};
