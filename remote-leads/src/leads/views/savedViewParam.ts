/**
 * The saved view the leads URL was opened from, beside its state: the menu marks it and tells
 * when the screen has moved away from it. A link to a view another person cannot see still
 * shows the same rows; it just names no view of theirs.
 *
 * `?view=N` and nothing else is the view's own address: it opens the view as saved (its
 * filters, columns and sort), as in Airtable or Twenty. So a state the screen writes never
 * reads like that: one that names a view but differs from nothing else says its page.
 */
export const SAVED_VIEW_PARAM = 'view';
const PAGE_PARAM = 'page';

export function savedViewIn(query: URLSearchParams): number | null {
  const id = Number(query.get(SAVED_VIEW_PARAM));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The view whose own address this is (`?view=N` alone), or null. */
export function viewAddressIn(query: URLSearchParams): number | null {
  const keys = [...query.keys()];
  return keys.length === 1 && keys[0] === SAVED_VIEW_PARAM ? savedViewIn(query) : null;
}

/** `query` naming `id` (null: none), appended last so the rest of the query stays in its order. */
export function withSavedView(query: URLSearchParams, id: number | null): URLSearchParams {
  query.delete(SAVED_VIEW_PARAM);
  if (id === null) return query;
  // the state of the screen, not the view's own address (which would open the view as saved)
  if ([...query.keys()].length === 0) query.set(PAGE_PARAM, '1');
  query.set(SAVED_VIEW_PARAM, String(id));
  return query;
}
