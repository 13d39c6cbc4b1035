import type { RemoteName, StageAudience } from '@auditdesk/shared/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  abortStage,
  advanceStage,
  fetchReleases,
  previewRelease,
  promoteRelease,
  rollBackRelease,
  stageRelease,
} from './releasesApi';

export const RELEASES_QUERY_KEY = ['releases'] as const;

/**
 * The remotes' releases, and what an Admin does with them (promote, roll back, stage, advance,
 * abort, preview); after each one the list is read again. While a release is staged or
 * watched, the list is read again every 10 s: its loads, and an abort by the watch, show.
 */
export function useReleases() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: RELEASES_QUERY_KEY });
  return {
    releases: useQuery({
      queryKey: RELEASES_QUERY_KEY,
      queryFn: fetchReleases,
      staleTime: 0,
      retry: false,
      refetchInterval: (query) =>
        query.state.data?.remotes.some((entry) => entry.stage || entry.watch) ? 10_000 : false,
    }),
    promote: useMutation({
      mutationFn: ({ remote, version }: { remote: RemoteName; version: string }) =>
        promoteRelease(remote, version),
      onSettled: reload,
    }),
    rollback: useMutation({ mutationFn: (remote: RemoteName) => rollBackRelease(remote), onSettled: reload }),
    stage: useMutation({
      mutationFn: ({
        remote,
        version,
        audience,
      }: {
        remote: RemoteName;
        version: string;
        audience: StageAudience;
      }) => stageRelease(remote, version, audience),
      onSettled: reload,
    }),
    advance: useMutation({ mutationFn: (remote: RemoteName) => advanceStage(remote), onSettled: reload }),
    abort: useMutation({ mutationFn: (remote: RemoteName) => abortStage(remote), onSettled: reload }),
    preview: useMutation({
      mutationFn: ({ remote, version }: { remote: RemoteName; version: string }) =>
        previewRelease(remote, version),
    }),
  };
}
