import { agendaFileName, apiData, downloadFile, queryKeys, type Agenda } from '@auditdesk/shared';

export interface AgendaRequest {
  auditor: string;
  from: string;
  to: string;
}

const search = (request: AgendaRequest) => new URLSearchParams({ ...request }).toString();

export const agendaQuery = (request: AgendaRequest) => ({
  queryKey: [...queryKeys.scheduling, 'agenda', request.auditor, request.from, request.to],
  queryFn: () => apiData<Agenda>(`/scheduling/agenda?${search(request)}`),
});

/** The same visits as an .ics file, handed to the browser's downloads. */
export async function downloadAgendaCalendar(request: AgendaRequest): Promise<void> {
  const text = await apiData<string>(`/scheduling/agenda.ics?${search(request)}`, {
    accept: 'text/calendar',
  });
  downloadFile(new Blob([text], { type: 'text/calendar' }), agendaFileName(request));
}
