import {
  defaultLeadsView,
  leadsViewQuery,
  viewStateOf,
  type LeadsView,
  type LeadsViewState,
} from '@auditdesk/shared';

/** Every part written out (the columns too), so two states compare by their query strings. */
const EVERY_PART: LeadsView = { ...defaultLeadsView(), visibleColumns: null };
const canonical = (state: LeadsViewState) =>
  leadsViewQuery({ ...state, page: 1, run: null, imported: null }, EVERY_PART).toString();

/**
 * The columns a saved state shows on this screen: its own, or (null) the person's current ones.
 */
export const resolvedState = (saved: LeadsViewState, current: LeadsView): LeadsViewState => ({
  ...saved,
  visibleColumns: saved.visibleColumns ?? current.visibleColumns,
});

/** Whether the screen shows something else than the saved view (its page aside). */
export const differsFrom = (current: LeadsView, saved: LeadsViewState): boolean =>
  canonical(viewStateOf(current)) !== canonical(resolvedState(saved, current));
