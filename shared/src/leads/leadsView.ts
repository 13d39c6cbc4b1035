// The leads screen's view as a query string (issue 21): what a copied link, a reload, back and
// forward, a saved view and a drill-down from another screen all carry. Framework-free.
import {
  DEFAULT_LEAD_PAGE_SIZE,
  LEAD_PAGE_SIZES,
  standardViewState,
  type LeadsViewState,
} from '../contract/leadsViewState';

/**
 * What the leads screen shows: a saved view's parts (contract/leadsViewState.ts), any page
 * size a person chose, and the page and sync run of this visit.
 */
export type LeadsView = Omit<LeadsViewState, 'pageSize'> & {
  pageSize: number;
  /** 1-based */
  page: number;
  /** Only the leads this sync run created or changed (a link from the sync history); null for all. */
  run: number | null;
  /** Only the leads this import created or changed (its done message's link), by its action id; null for all. */
  imported: number | null;
};

/** What an empty query string means: the spec's defaults (page size may come from the person). */
export const defaultLeadsView = (pageSize: number = DEFAULT_LEAD_PAGE_SIZE): LeadsView => ({
  ...standardViewState(),
  pageSize,
  page: 1,
  run: null,
  imported: null,
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A whole number from 1 the query names under `key`, else null. */
const idIn = (query: URLSearchParams, key: string) =>
  /^[1-9][0-9]{0,14}$/.test(query.get(key) ?? '') ? Number(query.get(key)) : null;
const FILTER_PREFIX = 'f.';

/**
 * The view a query string names; what it lacks, or names wrongly (an unknown column, a bad
 * day, a page size not offered), is the default: a link never breaks the screen.
 */
export function parseLeadsView(
  query: URLSearchParams,
  knownColumns: readonly string[],
  defaults: LeadsView,
): LeadsView {
  const known = new Set(knownColumns);
  const day = (key: string) => {
    const value = query.get(key) ?? '';
    return DAY.test(value) ? value : '';
  };
  const columns: Record<string, string> = {};
  for (const [key, value] of query) {
    const id = key.startsWith(FILTER_PREFIX) ? key.slice(FILTER_PREFIX.length) : null;
    if (id && known.has(id) && value) columns[id] = value;
  }
  const sortText = query.get('sort') ?? '';
  const sortId = sortText.replace(/^-/, '');
  const page = Number(query.get('page'));
  const size = Number(query.get('size'));
  const referred = query.get('referred');
  const cols = query.get('cols');
  const visible = cols === null ? null : cols.split(',').filter((id) => known.has(id));
  return {
    search: query.get('q') ?? defaults.search,
    startDate: query.has('from') ? day('from') : defaults.startDate,
    endDate: query.has('to') ? day('to') : defaults.endDate,
    columns: Object.keys(columns).length > 0 ? columns : defaults.columns,
    referredBy: referred === 'empty' || referred === 'hide' ? referred : defaults.referredBy,
    sort: known.has(sortId) ? { id: sortId, desc: sortText.startsWith('-') } : defaults.sort,
    page: Number.isInteger(page) && page >= 1 ? page : defaults.page,
    pageSize: (LEAD_PAGE_SIZES as readonly number[]).includes(size) ? size : defaults.pageSize,
    visibleColumns: visible && visible.length > 0 ? visible : defaults.visibleColumns,
    hideUnformatted: query.has('unformatted')
      ? query.get('unformatted') !== 'shown'
      : defaults.hideUnformatted,
    needsReview: query.has('review') ? query.get('review') === '1' : defaults.needsReview,
    duplicatesOnly: query.has('duplicates') ? query.get('duplicates') === 'only' : defaults.duplicatesOnly,
    run: idIn(query, 'run') ?? defaults.run,
    imported: idIn(query, 'import') ?? defaults.imported,
  };
}

/** The query string of a view: only what differs from `defaults`, in a fixed order. */
export function leadsViewQuery(view: LeadsView, defaults: LeadsView): URLSearchParams {
  const query = new URLSearchParams();
  if (view.search) query.set('q', view.search);
  if (view.startDate) query.set('from', view.startDate);
  if (view.endDate) query.set('to', view.endDate);
  for (const [id, value] of Object.entries(view.columns).sort(([a], [b]) => a.localeCompare(b)))
    if (value) query.set(`${FILTER_PREFIX}${id}`, value);
  if (view.referredBy !== 'all') query.set('referred', view.referredBy);
  if (view.sort) query.set('sort', `${view.sort.desc ? '-' : ''}${view.sort.id}`);
  if (view.page !== 1) query.set('page', String(view.page));
  if (view.pageSize !== defaults.pageSize) query.set('size', String(view.pageSize));
  if (view.visibleColumns && view.visibleColumns.join(',') !== defaults.visibleColumns?.join(','))
    query.set('cols', view.visibleColumns.join(','));
  if (view.hideUnformatted !== defaults.hideUnformatted)
    query.set('unformatted', view.hideUnformatted ? 'hidden' : 'shown');
  if (view.needsReview !== defaults.needsReview) query.set('review', view.needsReview ? '1' : '0');
  if (view.duplicatesOnly !== defaults.duplicatesOnly)
    query.set('duplicates', view.duplicatesOnly ? 'only' : 'all');
  if (view.run !== null) query.set('run', String(view.run));
  if (view.imported !== null) query.set('import', String(view.imported));
  return query;
}

/** A link to the leads screen showing exactly this view (for a drill-down from another screen). */
export const leadsViewHref = (view: Partial<LeadsView>) =>
  `/leads?${leadsViewQuery({ ...defaultLeadsView(), ...view }, defaultLeadsView()).toString()}`.replace(
    /\?$/,
    '',
  );
