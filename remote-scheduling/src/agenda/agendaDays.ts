import { dayIn, dayStartMs, shiftDay, type AgendaVisit } from '@auditdesk/shared';

/** A day or a week (Monday to Sunday) of one auditor's visits. */
export type AgendaSpan = 'day' | 'week';

/** Today on the business's calendar (the viewer's own until the zone is known). */
export const todayIn = (timeZone: string | undefined, now = new Date()) => dayIn(timeZone)(now);

/** The days an agenda covers: the day itself, or the Monday-to-Sunday week around it. */
export function agendaRange(day: string, span: AgendaSpan): { from: string; to: string } {
  if (span === 'day') return { from: day, to: day };
  const sinceMonday = (new Date(dayStartMs(day)).getUTCDay() + 6) % 7;
  const from = shiftDay(day, -sinceMonday);
  return { from, to: shiftDay(from, 6) };
}

/** Where the arrows go: a day or a week earlier or later. */
export const stepDay = (day: string, span: AgendaSpan, direction: 1 | -1) =>
  shiftDay(day, direction * (span === 'day' ? 1 : 7));

/** The visits by day, in the server's order (time order), days without visits left out. */
export function visitsByDay(visits: readonly AgendaVisit[]): { day: string; visits: AgendaVisit[] }[] {
  const days = new Map<string, AgendaVisit[]>();
  for (const visit of visits) {
    const list = days.get(visit.day);
    if (list) list.push(visit);
    else days.set(visit.day, [visit]);
  }
  return [...days].map(([day, list]) => ({ day, visits: list }));
}

const longDay = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

/** `Monday, March 3, 2025`: a calendar day as people write it. */
export const formatLongDay = (day: string) => longDay.format(new Date(dayStartMs(day)));

const shortDay = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** The range in a heading: one day, or `Mar 3, 2025 – Mar 9, 2025`. */
export const formatRange = ({ from, to }: { from: string; to: string }) =>
  from === to
    ? formatLongDay(from)
    : `${shortDay.format(new Date(dayStartMs(from)))} – ${shortDay.format(new Date(dayStartMs(to)))}`;

export const visitCount = (count: number) => `${count} ${count === 1 ? 'visit' : 'visits'}`;
