import { businessSettings, type WriteBackMode } from '@auditdesk/shared/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Authenticate } from '../auth/authenticate';
import { guardEveryRoute } from '../auth/guardEveryRoute';

/** /api/business: the settings every screen needs to read times as the office does. */
export const businessRoutes: FastifyPluginAsyncZod<{
  timeZone: string;
  writeBack: WriteBackMode;
  authenticate: Authenticate;
}> = async (app, { timeZone, writeBack, authenticate }) => {
  guardEveryRoute(app, authenticate());
  app.get(
    '/',
    {
      schema: {
        tags: ['Business'],
        summary:
          'The business time zone (CALENDAR_TIMEZONE) the screens show times in, and whether edits reach the calendar',
        response: { 200: businessSettings },
      },
    },
    async () => ({ timeZone, writeBack }),
  );
};
