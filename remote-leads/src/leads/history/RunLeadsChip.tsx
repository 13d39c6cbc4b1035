import { api, queryKeys, routes } from '@auditdesk/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { OnlyTheseLeadsChip } from '../OnlyTheseLeadsChip';

/** Under the leads' key: a sync or an edit refreshes it with the leads. */
const changedByRunQuery = (runId: number) => ({
  queryKey: [...queryKeys.leads, 'changed-by-run', runId],
  queryFn: () => api(routes.leadsChangedByRun, { params: { id: runId } }),
});

const NONE: ReadonlySet<number> = new Set();

/**
 * The leads a sync run created or changed (`run` of the leads URL, a link from the sync
 * history): their ids, none while they load; null when no run is asked for.
 */
export function useRunLeads(runId: number | null) {
  const query = useQuery({ ...changedByRunQuery(runId ?? 0), enabled: runId !== null });
  const ids = useMemo(() => (query.data ? new Set(query.data.leadIds) : NONE), [query.data]);
  return { ids: runId === null ? null : ids, query };
}

/** Says the table shows only one run's leads, with a way back to all of them. */
export function RunLeadsChip({
  runId,
  state,
  onClear,
}: {
  runId: number;
  state: ReturnType<typeof useRunLeads>['query'];
  onClear: () => void;
}) {
  const text = state.isError
    ? `The leads sync #${runId} changed could not be loaded: ${state.error.message}`
    : state.isPending
      ? `Loading the leads sync #${runId} changed…`
      : `The ${state.data.leadIds.length} leads sync #${runId} created or changed`;
  return <OnlyTheseLeadsChip text={text} failed={state.isError} testId="run-leads" onClear={onClear} />;
}
