import { defineOperations } from './operation';

/** Who may hand out an agenda feed: it shows customers' addresses and phones to whoever has it. */
const FEED_KEEPERS = ['Admin', 'Manager'] as const;

/**
 * /api/scheduling: the comparison's numbers and the agendas, read by every signed-in role;
 * the phone-calendar feeds, handed out by their keepers; /api/agenda-feed/{token}: a feed
 * itself, whose secret address is the permission (calendar apps send no sign-in).
 */
export const schedulingOperations = defineOperations({
  schedulingAuditors: { method: 'GET', path: '/scheduling/auditors', access: 'signed-in' },
  schedulingDashboard: { method: 'GET', path: '/scheduling/dashboard', access: 'signed-in' },
  schedulingPerformance: { method: 'GET', path: '/scheduling/performance', access: 'signed-in' },
  schedulingCategories: { method: 'GET', path: '/scheduling/categories', access: 'signed-in' },
  schedulingAnalytics: { method: 'GET', path: '/scheduling/analytics', access: 'signed-in' },
  schedulingAgenda: { method: 'GET', path: '/scheduling/agenda', access: 'signed-in' },
  schedulingAgendaCalendar: { method: 'GET', path: '/scheduling/agenda.ics', access: 'signed-in' },
  schedulingFeedsList: { method: 'GET', path: '/scheduling/agenda/feeds', access: FEED_KEEPERS },
  schedulingFeedsCreate: { method: 'POST', path: '/scheduling/agenda/feeds', access: FEED_KEEPERS },
  schedulingFeedsRevoke: { method: 'DELETE', path: '/scheduling/agenda/feeds/:id', access: FEED_KEEPERS },
  schedulingFeedRead: { method: 'GET', path: '/agenda-feed/:token', access: 'public' },
});
