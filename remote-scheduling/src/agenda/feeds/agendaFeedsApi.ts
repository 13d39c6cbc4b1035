import { api, queryKeys, routes, type AgendaFeed } from '@auditdesk/shared';

export const agendaFeedsQuery = {
  queryKey: [...queryKeys.scheduling, 'agenda-feeds'],
  queryFn: () => api(routes.schedulingFeedsList),
};

export const createAgendaFeed = (auditor: string) => api(routes.schedulingFeedsCreate, { body: { auditor } });

export const revokeAgendaFeed = (feed: AgendaFeed) =>
  api(routes.schedulingFeedsRevoke, { params: { id: feed.id } });

/** The same address for Apple's calendars, which subscribe to webcal:// links. */
export const webcalUrl = (url: string) => url.replace(/^https?:/, 'webcal:');
