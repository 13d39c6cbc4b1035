import {
  agenda,
  agendaFeedCreate,
  agendaFeedParams,
  agendaFeeds,
  agendaQuery,
  calendarFile,
  createdAgendaFeed,
} from '../agenda';
import { idParams, noContent } from '../common';
import {
  auditorsResponse,
  schedulingAnalytics,
  schedulingCategories,
  schedulingDashboard,
  schedulingDashboardQuery,
  schedulingPerformance,
  timeframeQuery,
} from '../scheduling';
import { taggedIo, type IoTable } from './operation';
import type { schedulingOperations } from './schedulingOperations';

const TIMEFRAME = 'The timeframe is month (the default), bimonth, quarter or year, else 400.';

export const schedulingIo = taggedIo('Scheduling', {
  schedulingAuditors: {
    summary: 'The auditors: the scheduling screen compares two at a time, the first two by default',
    description: 'The names of AUDITORS (2 to 20).',
    response: { 200: auditorsResponse },
  },
  schedulingDashboard: {
    summary: 'Monthly totals per auditor for the last `months` months',
    query: schedulingDashboardQuery,
    response: { 200: schedulingDashboard },
  },
  schedulingPerformance: {
    summary: 'Totals per auditor and their comparison',
    description: TIMEFRAME,
    query: timeframeQuery,
    response: { 200: schedulingPerformance },
  },
  schedulingCategories: {
    summary: 'Fuel, provider and family counts per auditor',
    description: TIMEFRAME,
    query: timeframeQuery,
    response: { 200: schedulingCategories },
  },
  schedulingAnalytics: {
    summary: 'Conversion rate, days from booking to appointment, monthly trend',
    description: `${TIMEFRAME} The days are counted from a lead's first record to its appointment.`,
    query: timeframeQuery,
    response: { 200: schedulingAnalytics },
  },
  schedulingAgenda: {
    summary: "An auditor's visits, day by day",
    description:
      'Of one of the configured auditors (AUDITORS, any case; 400 for another name). Days (yyyy-mm-dd, inclusive, at most 31) on the calendar of CALENDAR_TIMEZONE; visits in time order, cancelled ones only counted.',
    query: agendaQuery,
    response: { 200: agenda },
  },
  schedulingAgendaCalendar: {
    summary: 'The same agenda as an iCalendar file (RFC 5545)',
    description:
      'A UID per lead, so a second import updates the first. Every text escaped per RFC 5545: no value adds a property or a component.',
    query: agendaQuery,
    produces: ['text/calendar'],
    response: { 200: calendarFile },
  },
  schedulingFeedsList: {
    summary: 'The live agenda feeds',
    response: { 200: agendaFeeds },
  },
  schedulingFeedsCreate: {
    summary: "A new feed of an auditor's agenda, for a phone's calendar",
    description:
      'For one of the configured auditors. The answer holds the address, given this once; only a hash of its secret is kept.',
    body: agendaFeedCreate,
    response: { 201: createdAgendaFeed },
  },
  schedulingFeedsRevoke: {
    summary: 'Revokes a feed: its address answers 404 from now on',
    params: idParams,
    response: { 204: noContent },
  },
  schedulingFeedRead: {
    summary: "A subscribed auditor's agenda (iCalendar): the past week and the next 60 days",
    description:
      'For calendar apps, which send no sign-in: the secret in the address is the permission (never logged: the log names the feed by its id). 404 for an unknown or revoked address, and for one whose maker may no longer hand feeds out (deactivated, no longer Admin or Manager, deleted).',
    params: agendaFeedParams,
    produces: ['text/calendar'],
    response: { 200: calendarFile },
  },
} satisfies IoTable<typeof schedulingOperations>);
