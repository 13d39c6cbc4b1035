import type { WriteBackMode } from '@auditdesk/shared/core';
import type { FastifyPluginAsync } from 'fastify';
import type { Authenticate } from '../../platform/http/authenticate';
import { operationRoutes } from '../../platform/http/operationRoutes';

/** /api/business: the settings every screen needs to read times as the office does. */
export const businessRoutes: FastifyPluginAsync<{
  timeZone: string;
  writeBack: WriteBackMode;
  authenticate: Authenticate;
}> = async (app, { timeZone, writeBack, authenticate }) => {
  operationRoutes(app, authenticate)('businessSettings', async () => ({ timeZone, writeBack }));
};
