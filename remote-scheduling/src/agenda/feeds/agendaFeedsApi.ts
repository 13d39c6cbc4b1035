import { apiData, queryKeys, type AgendaFeed, type CreatedAgendaFeed } from '@auditdesk/shared';

const FEEDS = '/scheduling/agenda/feeds';

export const agendaFeedsQuery = {
  queryKey: [...queryKeys.scheduling, 'agenda-feeds'],
  queryFn: () => apiData<AgendaFeed[]>(FEEDS),
};

export const createAgendaFeed = (auditor: string) =>
  apiData<CreatedAgendaFeed>(FEEDS, { method: 'POST', body: { auditor } });

export const revokeAgendaFeed = (feed: AgendaFeed) =>
  apiData<void>(`${FEEDS}/${feed.id}`, { method: 'DELETE' });

/** The same address for Apple's calendars, which subscribe to webcal:// links. */
export const webcalUrl = (url: string) => url.replace(/^https?:/, 'webcal:');
