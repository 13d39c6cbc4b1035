// What the leads screen shows, declared once (issue 38): the parts a saved view keeps, with the
// standard view's values. The URL's view (leads/leadsView.ts) adds its page and a sync run to
// it, the filters (remote-leads' leadFilters.ts) are some of its parts, and the saved views'
// schema (views.ts) checks each part. Without zod, for the browser too.

/** The page sizes the leads screen offers; 25 is the spec's default. */
export const LEAD_PAGE_SIZES = [25, 50, 100, 200] as const;
export type LeadPageSize = (typeof LEAD_PAGE_SIZES)[number];
export const DEFAULT_LEAD_PAGE_SIZE: LeadPageSize = 25;

/** The 'Referred by' boxes: every lead, only those without a referrer, or those hidden. */
export const REFERRED_BY_FILTERS = ['all', 'empty', 'hide'] as const;

/** The longest name a view may have. */
export const VIEW_NAME_MAX = 80;

/** The standard view: what an empty leads URL shows someone without a default view. */
export const standardViewState = () => ({
  search: '',
  /** yyyy-mm-dd, inclusive; '' for open */
  startDate: '',
  endDate: '',
  /** Column filters by column id (the text typed, or `=A|B` for one of, `!=X` for not X). */
  columns: {} as Record<string, string>,
  referredBy: 'all' as (typeof REFERRED_BY_FILTERS)[number],
  sort: null as { id: string; desc: boolean } | null,
  pageSize: DEFAULT_LEAD_PAGE_SIZE as LeadPageSize,
  /** The visible columns in the table's order; null: the person's own (or the spec's) columns. */
  visibleColumns: null as string[] | null,
  hideUnformatted: true,
  /** Only the leads that need review (the calendar changed what the office changed). */
  needsReview: false,
  /** Only the leads with possible duplicates, each group's rows together. */
  duplicatesOnly: false,
});

/** What a saved view shows on the leads screen: the URL's view less its page and sync run. */
export type LeadsViewState = ReturnType<typeof standardViewState>;
