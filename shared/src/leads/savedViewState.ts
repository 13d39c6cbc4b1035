// The state a saved view keeps (contract/leadsViewState.ts): the leads view of the URL less
// its page. Framework-free and without zod, for the browser too.
import type { LeadPageSize, LeadsViewState } from '../contract/leadsViewState';
import type { LeadsView } from './leadsView';

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
  return { ...state, pageSize: state.pageSize as LeadPageSize };
}
