// What the lead statuses count as, declared once for every screen and number. Plain
// constants and functions (no zod): the browser imports them.
import type { LeadStatus } from './vocabulary';

/**
 * "Scheduled" on the Leads and Scheduling screens, the grid's leadsCount, the leads
 * summary and the dashboard: a visit that was booked, whether it has taken place
 * (Completed) or not yet (Scheduled).
 */
export const SCHEDULED_STATUSES = ['Scheduled', 'Completed'] as const satisfies readonly LeadStatus[];

/** "Completed": a visit that has taken place (the comparison's Completed columns). */
export const COMPLETED_STATUSES = ['Completed'] as const satisfies readonly LeadStatus[];

/** "Cancelled" on every screen and in every number. */
export const CANCELLED_STATUSES = ['Cancelled'] as const satisfies readonly LeadStatus[];

/** What both screens' Scheduled card says it counts (its tooltip). */
export const SCHEDULED_MEANING = `Leads whose status is ${SCHEDULED_STATUSES.join(' or ')}: every booked visit, whether it has taken place yet or not.`;

// statuses are read ignoring case (spec section 4, "Lead status")
const normal = (status: string | null | undefined) => (status ?? '').trim().toLowerCase();
const SCHEDULED = new Set<string>(SCHEDULED_STATUSES.map(normal));
const CANCELLED = new Set<string>(CANCELLED_STATUSES.map(normal));

export const isScheduledStatus = (status: string | null | undefined): boolean =>
  SCHEDULED.has(normal(status));
export const isCancelledStatus = (status: string | null | undefined): boolean =>
  CANCELLED.has(normal(status));
