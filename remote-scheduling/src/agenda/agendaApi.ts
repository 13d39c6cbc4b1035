import { agendaFileName, api, downloadFile, queryKeys, routes, type AgendaQuery } from '@auditdesk/shared';

export const agendaQuery = (request: AgendaQuery) => ({
  queryKey: [...queryKeys.scheduling, 'agenda', request.auditor, request.from, request.to],
  queryFn: () => api(routes.schedulingAgenda, { query: request }),
});

/** The same visits as an .ics file, handed to the browser's downloads. */
export async function downloadAgendaCalendar(request: AgendaQuery): Promise<void> {
  const text = await api(routes.schedulingAgendaCalendar, { query: request, accept: 'text/calendar' });
  downloadFile(new Blob([text], { type: 'text/calendar' }), agendaFileName(request));
}
