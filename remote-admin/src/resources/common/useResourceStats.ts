import type { Operation } from '@auditdesk/shared/core';
import { useQuery } from '@tanstack/react-query';
import { fetchResourceStats, type ResourceOperationId } from './fetchResourceStats';

/** A resource page's stats, read fresh on every visit and on Refresh. */
export function useResourceStats<K extends ResourceOperationId>(operation: Operation<K>) {
  return useQuery({
    queryKey: ['resources', operation.id],
    queryFn: () => fetchResourceStats(operation),
    staleTime: 0,
    retry: false,
  });
}
