// The state a saved view keeps (contract/views.ts): the leads view of the URL less its page.
// Framework-free and without zod, for the browser too.
import type { LeadsViewState } from '../contract/views';
import { defaultLeadsView, type LeadsView } from './leadsView';

/**
 * The state of a leads view to save: all of it but the page, which a chosen view starts at 1,
 * and a sync run's or an import's leads, which a link asks for once.
 */
export function viewStateOf({
  page: _page,
  run: _run,
  imported: _imported,
  ...state
}: LeadsView): LeadsViewState {
  return { ...state, pageSize: state.pageSize as LeadsViewState['pageSize'] };
}

/** The standard view: what an empty leads URL shows someone without a default view. */
export const standardViewState = (): LeadsViewState => viewStateOf(defaultLeadsView());

/** The longest name a view may have. */
export const VIEW_NAME_MAX = 80;
