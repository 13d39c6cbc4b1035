import type { AgendaSpan } from './agendaDays';

/** What the agenda shows, as its URL says it (`?auditor=…&day=2025-03-03&span=week`). */
export interface AgendaChoice {
  auditor: string | null;
  day: string | null;
  span: AgendaSpan;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Reads the query string; anything unreadable means the default (first auditor, today, a day). */
export function readAgendaSearch(search: URLSearchParams): AgendaChoice {
  const day = search.get('day');
  return {
    auditor: search.get('auditor') || null,
    day: day && DAY.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ? day : null,
    span: search.get('span') === 'week' ? 'week' : 'day',
  };
}

/** The query string of a choice; defaults are left out so the plain URL stays plain. */
export function writeAgendaSearch(choice: AgendaChoice): URLSearchParams {
  const search = new URLSearchParams();
  if (choice.auditor) search.set('auditor', choice.auditor);
  if (choice.day) search.set('day', choice.day);
  if (choice.span === 'week') search.set('span', 'week');
  return search;
}

/**
 * The configured auditor a link's name means (any case), the first one when it names none,
 * or null until the auditors are known. `unknown`: the link named someone not configured;
 * that name is never asked for, shown, or written into a downloaded file.
 */
export function chosenAuditor(
  named: string | null,
  auditors: readonly string[] | undefined,
): { auditor: string | null; unknown: boolean } {
  if (!auditors) return { auditor: null, unknown: false };
  const match =
    named === null ? undefined : auditors.find((name) => name.toLowerCase() === named.trim().toLowerCase());
  return { auditor: match ?? auditors[0] ?? null, unknown: named !== null && !match };
}
