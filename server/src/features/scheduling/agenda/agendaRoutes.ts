import { agendaFileName } from '@auditdesk/shared/core';
import type { FastifyPluginAsync } from 'fastify';
import type { Authenticate } from '../../auth/authenticate';
import { operationRoutes } from '../../auth/operationRoutes';
import type { LeadsRepository } from '../../leads/repository/leadsRepository';
import { agendaCalendar } from './agendaCalendar';
import { readAgenda } from './readAgenda';

/** /api/scheduling/agenda: one auditor's visits, as data for the page and as an .ics file. */
export const agendaRoutes: FastifyPluginAsync<{
  leads: LeadsRepository;
  timeZone: string;
  authenticate: Authenticate;
}> = async (app, { leads, timeZone, authenticate }) => {
  const route = operationRoutes(app, authenticate);

  route('schedulingAgenda', async (request) => readAgenda(leads, timeZone, request.query));

  route('schedulingAgendaCalendar', async (request, reply) => {
    const calendar = agendaCalendar(await readAgenda(leads, timeZone, request.query));
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${agendaFileName(request.query)}"`)
      .send(calendar);
  });
};
