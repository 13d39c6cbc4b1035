import { dashboardStats } from '@auditdesk/shared/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Authenticate } from '../auth/authenticate';
import type { SyncService } from '../sync/syncService';
import type { LeadsRepository } from './repository/leadsRepository';

/** GET /api/dashboard/stats: the lead and sync totals (spec sections 3 and 5). */
export const dashboardRoutes: FastifyPluginAsyncZod<{
  leads: LeadsRepository;
  sync: SyncService;
  authenticate: Authenticate;
}> = async (app, { leads, sync, authenticate }) => {
  app.get(
    '/stats',
    {
      onRequest: authenticate(),
      schema: { tags: ['Leads'], summary: 'Lead and sync totals', response: { 200: dashboardStats } },
    },
    async () => {
      const status = await sync.status();
      return {
        ...(await leads.dashboard()),
        totalSyncs: status.totalSyncs,
        successfulSyncs: status.successfulSyncs,
        lastSyncTime: status.lastSync,
      };
    },
  );
};
