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
