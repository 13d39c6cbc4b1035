import { agendaFileName, type AgendaQuery } from '@auditdesk/shared/core';
import type { FastifyPluginAsync } from 'fastify';
import type { Authenticate } from '../../../platform/http/authenticate';
import { operationRoutes } from '../../../platform/http/operationRoutes';
import type { LeadsRepository } from '../../leads/repository/leadsRepository';
import { agendaCalendar } from './agendaCalendar';
import { knownAuditor } from './knownAuditor';
import { readAgenda } from './readAgenda';

/**
 * /api/scheduling/agenda: one of the configured auditors' visits, as data for the page and as
 * an .ics file (an auditor not configured is refused with 400).
 */
export const agendaRoutes: FastifyPluginAsync<{
  leads: LeadsRepository;
  auditors: readonly string[];
  timeZone: string;
  authenticate: Authenticate;
}> = async (app, { leads, auditors, timeZone, authenticate }) => {
  const route = operationRoutes(app, authenticate);
  const agendaOf = (query: AgendaQuery) =>
    readAgenda(leads, timeZone, { ...query, auditor: knownAuditor(auditors, query.auditor) });

  route('schedulingAgenda', async (request) => agendaOf(request.query));

  route('schedulingAgendaCalendar', async (request, reply) => {
    const agenda = await agendaOf(request.query);
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${agendaFileName(agenda)}"`)
      .send(agendaCalendar(agenda));
  });
};
