import { agenda, agendaFileName, agendaQuery } from '@auditdesk/shared/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardEveryRoute } from '../../auth/guardEveryRoute';
import type { Authenticate } from '../../auth/authenticate';
import type { LeadsRepository } from '../../leads/repository/leadsRepository';
import { agendaCalendar } from './agendaCalendar';
import { readAgenda } from './readAgenda';

const tags = ['Scheduling'];

/** /api/scheduling/agenda: one auditor's visits, as data for the page and as an .ics file. */
export const agendaRoutes: FastifyPluginAsyncZod<{
  leads: LeadsRepository;
  timeZone: string;
  authenticate: Authenticate;
}> = async (app, { leads, timeZone, authenticate }) => {
  guardEveryRoute(app, authenticate());

  app.get(
    '/agenda',
    {
      schema: {
        tags,
        summary: "An auditor's visits, day by day",
        description:
          'Days (yyyy-mm-dd, inclusive, at most 31) on the calendar of CALENDAR_TIMEZONE; visits in time order, cancelled ones only counted.',
        querystring: agendaQuery,
        response: { 200: agenda },
      },
    },
    async (request) => readAgenda(leads, timeZone, request.query),
  );

  app.get(
    '/agenda.ics',
    {
      schema: {
        tags,
        summary: 'The same agenda as an iCalendar file (RFC 5545)',
        querystring: agendaQuery,
        produces: ['text/calendar'],
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const calendar = agendaCalendar(await readAgenda(leads, timeZone, request.query));
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${agendaFileName(request.query)}"`)
        .send(calendar);
    },
  );
};
