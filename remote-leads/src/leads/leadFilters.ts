import { isCancelledStatus, isScheduledStatus } from '@auditdesk/shared';
import {
  defaultLeadsView,
  formatCalendarDay,
  formatLeadDay,
  formatTimeIn,
  SEARCHED_LEAD_COLUMNS,
  type LeadsView,
} from '@auditdesk/shared';
import { displayStatus, formatDay } from './leadRows';
import { buildHaystack, rowsContaining, type SearchHaystack } from './searchHaystack';
import type { LeadColumnId, LeadRow } from './leadTypes';

/** The parts of the screen's view that choose its rows (the rest sort, page and show them). */
const FILTER_PARTS = ['search', 'startDate', 'endDate', 'columns', 'referredBy', 'needsReview'] as const;

/** What narrows the leads shown: those parts of the view, and a sync run's leads. */
export type LeadFilters = Pick<LeadsView, (typeof FILTER_PARTS)[number]> & {
  /** Only these leads (a sync run's, from its history row); null or absent for all. */
  onlyIds?: ReadonlySet<number> | null;
};

type FilterParts = Pick<LeadsView, (typeof FILTER_PARTS)[number]>;

/**
 * A view's filters as text, the same exactly when the filters are: the screen makes its
 * filters again (and filters its rows) only when it changes, not when the page, the sort or
 * the columns do.
 */
export const filtersKey = (view: LeadsView) => JSON.stringify(FILTER_PARTS.map((part) => view[part]));

/** The filters a key names (`onlyIds`: the leads of the view's sync run, once known). */
export function filtersOfKey(key: string, onlyIds: LeadFilters['onlyIds'] = null): LeadFilters {
  const values = JSON.parse(key) as unknown[];
  return {
    ...(Object.fromEntries(FILTER_PARTS.map((part, at) => [part, values[at]])) as FilterParts),
    onlyIds,
  };
}

/** The filters of a view. */
export const filtersOf = (view: LeadsView, onlyIds: LeadFilters['onlyIds'] = null) =>
  filtersOfKey(filtersKey(view), onlyIds);

export const NO_FILTERS: LeadFilters = filtersOf(defaultLeadsView());

/** Spec section 5: a lead without a date is out when either bound is set; both bounds inclusive. */
export function inDateRange(row: LeadRow, startDate: string, endDate: string): boolean {
  if (!startDate && !endDate) return true;
  const day = row.scheduledDay;
  if (!day) return false;
  return (!startDate || day >= startDate) && (!endDate || day <= endDate);
}

const US_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
// two digits each: '03/1' may still become '03/15' while it is typed
const MONTH_DAY = /^(\d{2})\/(\d{2})$/;

/** The day a filter text names: year (or none for mm/dd), month, day; null when it names none. */
export function parseFilterDay(text: string): { year: number | null; month: number; day: number } | null {
  const us = US_DAY.exec(text);
  const iso = ISO_DAY.exec(text);
  const monthDay = MONTH_DAY.exec(text);
  const parts = us
    ? { year: Number(us[3]), month: Number(us[1]), day: Number(us[2]) }
    : iso
      ? { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) }
      : monthDay
        ? { year: null, month: Number(monthDay[1]), day: Number(monthDay[2]) }
        : null;
  if (!parts || parts.month < 1 || parts.month > 12 || parts.day < 1 || parts.day > 31) return null;
  return parts;
}

/**
 * The Scheduled Date column filter, of the visit's day (yyyy-mm-dd, LeadRow.scheduledDay): a
 * whole mm/dd/yyyy, yyyy-mm-dd or mm/dd is a date and matches that day (mm/dd in any year);
 * text still being typed matches the days whose mm/dd/yyyy or yyyy-mm-dd form starts with it.
 * Never a match in the middle: '11/20' is November 20th, not 01/11/2027.
 */
export function matchesScheduledDate(scheduledDay: string, text: string): boolean {
  const needle = text.trim();
  if (!needle) return true;
  const day = scheduledDay.slice(0, 10);
  if (!day) return false;
  const wanted = parseFilterDay(needle);
  if (wanted) {
    const [year, month, date] = day.split('-').map(Number);
    return month === wanted.month && date === wanted.day && (wanted.year === null || year === wanted.year);
  }
  return formatCalendarDay(day).startsWith(needle) || day.startsWith(needle);
}

/**
 * What a cell says, which is what search and column filters look at: the visit's day as
 * mm/dd/yyyy (the spec's filters are by day), the end as its time in `timeZone` (the
 * business's; a day's end is its date).
 */
export function cellText(row: LeadRow, column: LeadColumnId, timeZone?: string): string {
  if (column === 'status') return displayStatus(row.status);
  if (column === 'scheduledDate') return formatCalendarDay(row.scheduledDay);
  if (column === 'lastSyncedAt') return formatDay(row[column]);
  if (column === 'endDate')
    return row.allDay ? formatLeadDay(row.endDate, true, timeZone) : formatTimeIn(row.endDate, timeZone);
  return row[column];
}

/**
 * Each row's searchable text, built once per row: every shown value (dates also as
 * yyyy-mm-dd), lower-cased, one per line so a match cannot span two columns.
 */
const searchIndex = new WeakMap<LeadRow, string>();
function searchTextOf(row: LeadRow): string {
  let text = searchIndex.get(row);
  if (text === undefined) {
    const values = SEARCHED_LEAD_COLUMNS.map((column) => cellText(row, column));
    if (row.scheduledDay) values.push(row.scheduledDay);
    values.push(...row.mergedLeadIds);
    text = values.join('\n').toLowerCase();
    searchIndex.set(row, text);
  }
  return text;
}

/**
 * Builds the search text of rows[from…] while `hasTime()` says so, a few hundred at a time,
 * so the first keystroke need not build it for every row. Answers where it stopped.
 */
export function indexForSearch(rows: LeadRow[], from: number, hasTime: () => boolean): number {
  let index = from;
  while (index < rows.length && hasTime()) {
    for (const end = Math.min(index + 500, rows.length); index < end; index += 1) searchTextOf(rows[index]!);
  }
  return index;
}

/** The rows' haystacks (searchHaystack.ts), made by prepareSearch: for the screen's rows, once. */
const haystacks = new WeakMap<readonly LeadRow[], SearchHaystack<LeadRow>>();

/**
 * Joins the rows' search texts into one haystack, so a search over all of them is one native
 * scan (after indexForSearch has built the texts, this is the join alone). filterLeads uses it
 * for exactly this array of rows.
 */
export function prepareSearch(rows: LeadRow[]): void {
  if (!haystacks.has(rows)) haystacks.set(rows, buildHaystack(rows, searchTextOf));
}

/** Whether prepareSearch was done for this array of rows. */
export const isSearchPrepared = (rows: LeadRow[]) => haystacks.has(rows);

type RowTest = (row: LeadRow) => boolean;

/** The column filters and 'Referred by' boxes as tests, prepared once for all the rows. */
function columnTests(filters: LeadFilters): RowTest[] {
  const tests: RowTest[] = [];
  if (filters.referredBy === 'empty') tests.push((row) => !row.referredBy.trim());
  if (filters.referredBy === 'hide') tests.push((row) => Boolean(row.referredBy.trim()));
  for (const [column, value] of Object.entries(filters.columns) as [LeadColumnId, string][]) {
    const needle = value?.trim().toLowerCase();
    if (!needle) continue;
    const exact = exactFilter(needle);
    const matches = exact
      ? (cell: string) => exact(cell.trim().toLowerCase())
      : (cell: string) => cell.toLowerCase().includes(needle);
    tests.push(
      column === 'scheduledDate' && !exact
        ? (row) => matchesScheduledDate(row.scheduledDay, value)
        : column === 'leadId' && !needle.startsWith('!=')
          ? // a lead merged away lives on in this one: its Lead ID finds it (a saved view's too)
            (row) => matches(row.leadId) || row.mergedLeadIds.some(matches)
          : (row) => matches(cellText(row, column)),
    );
  }
  return tests;
}

/**
 * The exact forms a link may carry (another screen's drill-down): `=A|B` keeps cells that are
 * exactly one of A, B (`=` alone: empty cells); `!=X` keeps the cells that are not X. Typed
 * text without them matches anywhere in the cell, as before.
 */
function exactFilter(needle: string): ((cell: string) => boolean) | null {
  if (needle.startsWith('!=')) {
    const not = needle.slice(2).trim();
    return (cell) => cell !== not;
  }
  if (needle.startsWith('=')) {
    const anyOf = new Set(
      needle
        .slice(1)
        .split('|')
        .map((part) => part.trim()),
    );
    return (cell) => anyOf.has(cell);
  }
  return null;
}

/** Whether anything narrows the list: a search, a date bound, a column filter, a Referred by box. */
export function hasActiveFilters(filters: LeadFilters): boolean {
  return (
    Boolean(filters.search.trim() || filters.startDate || filters.endDate) ||
    filters.referredBy !== 'all' ||
    Boolean(filters.needsReview) ||
    Boolean(filters.onlyIds) ||
    Object.values(filters.columns).some((value) => Boolean(value?.trim()))
  );
}

/** Every rule of spec section 5 "Lead filtering", applied in one pass. */
export function filterLeads(rows: LeadRow[], filters: LeadFilters): LeadRow[] {
  const tests = columnTests(filters);
  const { startDate, endDate } = filters;
  if (startDate || endDate) tests.unshift((row) => inDateRange(row, startDate, endDate));
  const needle = filters.search.trim().toLowerCase();
  const haystack = needle ? haystacks.get(rows) : undefined;
  // the rows holding the search, found in one scan of the prepared haystack, then the other tests
  const searched = haystack ? rowsContaining(haystack, needle) : null;
  if (needle && !searched) tests.push((row) => searchTextOf(row).includes(needle));
  if (filters.needsReview) tests.unshift((row) => row.needsReview);
  const only = filters.onlyIds;
  if (only) tests.unshift((row) => only.has(row.id));
  const candidates = searched ?? rows;
  return tests.length === 0 ? candidates : candidates.filter((row) => tests.every((test) => test(row)));
}

export interface Sorting {
  id: LeadColumnId;
  desc: boolean;
}

const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });

/** Sorts by one column; dates by time, the rest as text; empty values last. */
export function sortLeads(rows: LeadRow[], sorting: Sorting | null): LeadRow[] {
  if (!sorting) return rows;
  const { id, desc } = sorting;
  const direction = desc ? -1 : 1;
  const valueOf = (row: LeadRow) => (id === 'status' ? displayStatus(row.status) : row[id]);
  return [...rows].sort((a, b) => {
    const left = valueOf(a);
    const right = valueOf(b);
    if (!left || !right) return left === right ? 0 : left ? -1 : 1;
    return collator.compare(left, right) * direction;
  });
}

/** A header click: ascending, then descending, then unsorted. */
export function nextSorting(current: Sorting | null, column: LeadColumnId): Sorting | null {
  if (!current || current.id !== column) return { id: column, desc: false };
  return current.desc ? null : { id: column, desc: true };
}

/** The summary cards of the rows left after filtering, by the contract's status rules. */
export function countLeads(rows: LeadRow[]) {
  let scheduled = 0;
  let cancelled = 0;
  for (const row of rows) {
    if (isScheduledStatus(row.status)) scheduled += 1;
    else if (isCancelledStatus(row.status)) cancelled += 1;
  }
  return { total: rows.length, scheduled, cancelled };
}
