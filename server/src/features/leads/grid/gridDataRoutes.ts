import { routeIo } from '@auditdesk/shared/core';
import type { FastifyPluginAsync } from 'fastify';
import type { Authenticate } from '../../../platform/http/authenticate';
import { operationRoutes } from '../../../platform/http/operationRoutes';
import type { SendVersioned } from '../../../platform/http/versionedReads';
import type { LeadsRepository } from '../repository/leadsRepository';

/** GET /api/leads/grid-data: the grid records of the configured auditors (the scheduling screen's data). */
export const gridDataRoutes: FastifyPluginAsync<{
  leads: LeadsRepository;
  auditors: readonly string[];
  /** The business's zone: a timed visit counts on its day there, as the leads screen lists it. */
  timeZone: string;
  authenticate: Authenticate;
  sendVersioned: SendVersioned;
}> = async (app, { leads, auditors, timeZone, authenticate, sendVersioned }) => {
  const route = operationRoutes(app, authenticate);

  route('leadsGridData', async (request, reply) => {
    const { startDate, endDate } = request.query;
    return sendVersioned(request, reply, {
      key: `grid-data?${startDate ?? ''}&${endDate ?? ''}&${auditors.join(',')}`,
      version: await leads.dataVersion(),
      schema: routeIo.leadsGridData.response[200],
      build: () => leads.grid(auditors, { startDate, endDate, timeZone }),
    });
  });
};
