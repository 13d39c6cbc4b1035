import type { RestoreRequest } from '@auditdesk/shared/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { backUpNow, fetchBackups, fetchImpact, restoreTo } from './backupsApi';

export const BACKUPS_QUERY_KEY = ['backups'] as const;

/** The restore points, "Back up now" and restores; after a restore every query is read again. */
export function useBackups() {
  const queryClient = useQueryClient();
  return {
    backups: useQuery({ queryKey: BACKUPS_QUERY_KEY, queryFn: fetchBackups, staleTime: 0, retry: false }),
    backUp: useMutation({
      mutationFn: backUpNow,
      onSettled: () => queryClient.invalidateQueries({ queryKey: BACKUPS_QUERY_KEY }),
    }),
    restore: useMutation({
      mutationFn: (request: RestoreRequest) => restoreTo(request),
      // the whole page's data changed, not only this list
      onSettled: () => queryClient.invalidateQueries(),
    }),
  };
}

/** What restoring a point loses, read when its confirmation opens. */
export function useRestoreImpact(name: string | null) {
  return useQuery({
    queryKey: [...BACKUPS_QUERY_KEY, 'impact', name],
    queryFn: () => fetchImpact(name!),
    enabled: name !== null,
    staleTime: 0,
    retry: false,
  });
}
