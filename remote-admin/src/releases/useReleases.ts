import type { RemoteName } from '@auditdesk/shared/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchReleases, promoteRelease, rollBackRelease } from './releasesApi';

export const RELEASES_QUERY_KEY = ['releases'] as const;

/** The remotes' releases, and promotions and rollbacks; after each one the list is read again. */
export function useReleases() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: RELEASES_QUERY_KEY });
  return {
    releases: useQuery({ queryKey: RELEASES_QUERY_KEY, queryFn: fetchReleases, staleTime: 0, retry: false }),
    promote: useMutation({
      mutationFn: ({ remote, version }: { remote: RemoteName; version: string }) =>
        promoteRelease(remote, version),
      onSettled: reload,
    }),
    rollback: useMutation({ mutationFn: (remote: RemoteName) => rollBackRelease(remote), onSettled: reload }),
  };
}
