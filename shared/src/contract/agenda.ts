import { z } from 'zod';
import { isoDay, START_AFTER_END } from './common';
import { daysBetween } from './calendarDays';
import { leadResource } from './leads';
import { AGENDA_MAX_DAYS } from './vocabulary';

/** GET /scheduling/agenda(.ics): one auditor's visits over days of the business's calendar. */
export const agendaQuery = z
  .strictObject({
    auditor: z
      .string({ error: 'Choose an auditor.' })
      .trim()
      .min(1, 'Choose an auditor.')
      .max(120, 'Use at most 120 characters.'),
    /** The first and last day, inclusive, in the business's time zone (CALENDAR_TIMEZONE). */
    from: isoDay,
    to: isoDay,
  })
  .refine(({ from, to }) => from <= to, START_AFTER_END)
  .refine(
    ({ from, to }) => daysBetween(from, to) < AGENDA_MAX_DAYS,
    `Choose at most ${AGENDA_MAX_DAYS} days.`,
  );
export type AgendaQuery = z.output<typeof agendaQuery>;

/** A visit as the agenda lists it: what the auditor needs at the door. */
export const agendaVisit = leadResource
  .pick({
    id: true,
    leadId: true,
    customerName: true,
    address: true,
    phoneNumber: true,
    houseType: true,
    heatingFuel: true,
    provider: true,
    status: true,
    comments: true,
    endDate: true,
    allDay: true,
  })
  .extend({
    scheduledDate: z.string(),
    /** The visit's day, yyyy-mm-dd: in the business's time zone, or a day's own date (allDay). */
    day: z.string(),
  });
export type AgendaVisit = z.infer<typeof agendaVisit>;

export const agenda = z.object({
  auditor: z.string(),
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  /** In time order; cancelled visits are left out (counted in `cancelled`). */
  visits: z.array(agendaVisit),
  cancelled: z.number().int().min(0),
});
export type Agenda = z.infer<typeof agenda>;

/** A phone's subscription to one auditor's agenda (GET/POST /scheduling/agenda/feeds). */
export const agendaFeed = z.object({
  id: z.number().int(),
  auditor: z.string(),
  /** The e-mail address of who made it. */
  createdBy: z.string(),
  createdAt: z.string(),
  /** When a calendar last read it; null: never yet. */
  lastReadAt: z.string().nullable(),
  /**
   * Whether it answers: false once who made it may no longer hand feeds out (deactivated,
   * access revoked, no longer Admin or Manager, deleted); it then answers like a revoked one.
   */
  answering: z.boolean(),
});
export type AgendaFeed = z.infer<typeof agendaFeed>;
export const agendaFeeds = z.array(agendaFeed);

/** GET /agenda-feed/{token}: the feed's secret address. */
export const agendaFeedParams = z.strictObject({ token: z.string().max(100) });

/** An iCalendar file (RFC 5545), as text. */
export const calendarFile = z.string();

export const agendaFeedCreate = z.strictObject({
  auditor: z
    .string({ error: 'Choose an auditor.' })
    .trim()
    .min(1, 'Choose an auditor.')
    .max(120, 'Use at most 120 characters.'),
});

/** A new feed with its address: shown this once (only a hash of its secret is kept). */
export const createdAgendaFeed = agendaFeed.extend({ url: z.string() });
export type CreatedAgendaFeed = z.infer<typeof createdAgendaFeed>;
