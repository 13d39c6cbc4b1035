/**
 * The saved view the leads URL was opened from, beside its state: the menu marks it and tells
 * when the screen has moved away from it. A link to a view another person cannot see still
 * shows the same rows; it just names no view of theirs.
 */
export const SAVED_VIEW_PARAM = 'view';

export function savedViewIn(query: URLSearchParams): number | null {
  const id = Number(query.get(SAVED_VIEW_PARAM));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** `query` naming `id` (null: none), appended last so the rest of the query stays in its order. */
export function withSavedView(query: URLSearchParams, id: number | null): URLSearchParams {
  query.delete(SAVED_VIEW_PARAM);
  if (id !== null) query.set(SAVED_VIEW_PARAM, String(id));
  return query;
}
