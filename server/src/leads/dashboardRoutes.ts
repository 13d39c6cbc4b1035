import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Authenticate } from '../auth/authenticate';
import type { SyncService } from '../sync/syncService';
import type { LeadsRepository } from './leadsRepository';

/** GET /api/dashboard/stats: the lead and sync totals (spec sections 3 and 5). */
export const dashboardRoutes: FastifyPluginAsyncZod<{
  leads: LeadsRepository;
  sync: SyncService;
  authenticate: Authenticate;
}> = async (app, { leads, sync, authenticate }) => {
  app.get('/stats', { preHandler: authenticate() }, async () => {
    const status = sync.status();
    return {
      ...leads.dashboard(),
      totalSyncs: status.totalSyncs,
      successfulSyncs: status.successfulSyncs,
      lastSyncTime: status.lastSync,
    };
  });
};
