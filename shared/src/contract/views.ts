import { z } from 'zod';
import { LEAD_COLUMN_IDS } from './leadColumns';
import { isoDay } from './common';
import { leadText } from './leadText';
import {
  LEAD_PAGE_SIZES,
  REFERRED_BY_FILTERS,
  standardViewState,
  VIEW_NAME_MAX,
  type LeadsViewState,
} from './leadsViewState';

export * from './leadsViewState';

/** Room for columns added later, not for a document that grows without end. */
const MAX_COLUMNS = 100;
const columnId = z.string().min(1).max(64);
/** A filter of a view others may see: the text rule of lead fields (no controls, one line). */
const filterText = leadText(500, { trim: false });
const dayOrOpen = z.union([z.literal(''), isoDay]);

/** Each part of a saved view (leadsViewState.ts), checked. */
export const leadsViewState = z.strictObject({
  search: filterText,
  startDate: dayOrOpen,
  endDate: dayOrOpen,
  /** Column filters by column id. */
  columns: z
    .record(columnId, filterText)
    .refine((columns) => Object.keys(columns).length <= MAX_COLUMNS, `At most ${MAX_COLUMNS} columns.`),
  referredBy: z.enum(REFERRED_BY_FILTERS),
  sort: z.strictObject({ id: columnId, desc: z.boolean() }).nullable(),
  pageSize: z.literal(LEAD_PAGE_SIZES, `Choose a page size of ${LEAD_PAGE_SIZES.join(', ')}.`),
  /** The visible columns in the table's order; null: the person's own columns. */
  visibleColumns: z.array(columnId).max(MAX_COLUMNS).nullable(),
  hideUnformatted: z.boolean(),
  /** Only the leads that need review; a view saved before this filter existed has it off. */
  needsReview: z.boolean().default(false),
  /** Only the possible duplicates, group by group; off in a view saved before this filter existed. */
  duplicatesOnly: z.boolean().default(false),
});
/** The schema checks exactly the parts leadsViewState.ts declares, no more and no fewer. */
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<Check extends true> = Check;
type _ChecksEveryPart = Holds<Exactly<z.output<typeof leadsViewState>, LeadsViewState>>;

/** The state with only the columns the table has: an unknown one is ignored, as a link's is. */
export function knownColumnsOnly(state: LeadsViewState): LeadsViewState {
  const known = new Set<string>(LEAD_COLUMN_IDS);
  const visible = state.visibleColumns?.filter((id) => known.has(id)) ?? null;
  return {
    ...state,
    columns: Object.fromEntries(Object.entries(state.columns).filter(([id]) => known.has(id))),
    sort: state.sort && known.has(state.sort.id) ? state.sort : null,
    visibleColumns: visible && visible.length > 0 ? visible : null,
  };
}

/**
 * A stored state as it fits the contract now: a part an older release wrote that no longer
 * parses is the standard view's, and unknown columns are dropped; the view stays usable.
 */
export function fittingViewState(value: unknown): LeadsViewState {
  const stored = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const state: Record<string, unknown> = standardViewState();
  for (const [part, shape] of Object.entries(leadsViewState.shape)) {
    const parsed = shape.safeParse(stored[part]);
    if (parsed.success) state[part] = parsed.data;
  }
  return knownColumnsOnly(state as LeadsViewState);
}

/** Shown to everyone once shared: the lead fields' text rule (no controls, no direction overrides). */
const viewName = z
  .string({ error: 'Give the view a name.' })
  .pipe(leadText(VIEW_NAME_MAX).min(1, 'Give the view a name.'));

/** A saved view of the leads screen, as the person asking sees it (GET /api/views). */
export const savedView = z.object({
  id: z.number().int(),
  name: z.string(),
  ownerName: z.string(),
  /** The person asking made it. */
  mine: z.boolean(),
  /** Everyone sees it; otherwise only its owner. */
  shared: z.boolean(),
  /** The person asking may change or delete it. */
  editable: z.boolean(),
  state: leadsViewState,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedView = z.infer<typeof savedView>;

/** Someone's views and the shared ones, and the one an empty leads URL opens. */
export const savedViews = z.object({
  views: z.array(savedView),
  defaultViewId: z.number().int().nullable(),
});
export type SavedViews = z.infer<typeof savedViews>;

export const savedViewCreate = z.strictObject({
  name: viewName,
  /** Only a Manager or an Admin may share a view. */
  shared: z.boolean().default(false),
  state: leadsViewState,
});
export type SavedViewCreate = z.input<typeof savedViewCreate>;

export const savedViewPatch = z
  .strictObject({ name: viewName, shared: z.boolean(), state: leadsViewState })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, 'Say what to change: name, shared or state.');
export type SavedViewPatch = z.input<typeof savedViewPatch>;

/** PUT /api/views/default: the view an empty leads URL opens; null for the standard view. */
export const defaultViewChoice = z.strictObject({ viewId: z.number().int().positive().nullable() });
export type DefaultViewChoice = z.infer<typeof defaultViewChoice>;
