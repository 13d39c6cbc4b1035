import { formatNumber, queryKeys, type LeadsView } from '@auditdesk/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { OnlyTheseLeadsChip } from '../OnlyTheseLeadsChip';
import { importedLeads } from './importApi';

const NONE: ReadonlySet<number> = new Set();

/**
 * The leads an import created or changed (`import` of the leads URL, the link of an import's
 * done message): their ids, none while they load; null when no import is asked for. Under the
 * leads' key: an undo or an edit refreshes it with the leads.
 */
export function useImportedLeads(actionId: number | null) {
  const query = useQuery({
    queryKey: [...queryKeys.leads, 'imported', actionId ?? 0],
    queryFn: () => importedLeads(actionId!),
    enabled: actionId !== null,
  });
  const ids = useMemo(() => (query.data ? new Set(query.data.leadIds) : NONE), [query.data]);
  return { ids: actionId === null ? null : ids, query };
}

/** Says the table shows only one import's leads, with a way back to all of them. */
export function ImportedLeadsChip({
  state,
  onClear,
}: {
  state: ReturnType<typeof useImportedLeads>['query'];
  onClear: () => void;
}) {
  const text = state.isError
    ? `The imported leads could not be loaded: ${state.error.message}`
    : state.isPending
      ? 'Loading the imported leads…'
      : `The ${formatNumber(state.data.leadIds.length)} leads “${state.data.label}” created or changed${state.data.undoneAt ? ' (undone since)' : ''}`;
  return <OnlyTheseLeadsChip text={text} failed={state.isError} testId="imported-leads" onClear={onClear} />;
}

/** The leads both subsets hold (a sync run's and an import's); either alone; null for all. */
export function bothOf(
  first: ReadonlySet<number> | null,
  second: ReadonlySet<number> | null,
): ReadonlySet<number> | null {
  if (!first || !second) return first ?? second;
  return new Set([...first].filter((id) => second.has(id)));
}

/** The leads screen showing an import's leads and nothing else: no other filter hides one. */
export const onlyImported = (actionId: number): Partial<LeadsView> => ({
  imported: actionId,
  run: null,
  search: '',
  startDate: '',
  endDate: '',
  columns: {},
  referredBy: 'all',
  needsReview: false,
  duplicatesOnly: false,
  hideUnformatted: false,
  page: 1,
});
