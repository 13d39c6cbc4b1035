import { LoadErrorPanel, PageHeader, toastSuccess } from '@auditdesk/shared';
import type { RemoteName, RemoteReleases } from '@auditdesk/shared/core';
import { Skeleton, Stack } from '@mantine/core';
import { useState } from 'react';
import { checkProblems } from './releasesApi';
import { RemoteReleasesCard, type Refusal } from './RemoteReleasesCard';
import { useReleases } from './useReleases';

const liveName = (entry: RemoteReleases) => entry.live?.version ?? 'the built-in build';

/** Admin-only: the host and a standalone remote refuse it to others (the remote manifest's adminOnly). */
export default function ReleasesPage() {
  const { releases, promote, rollback } = useReleases();
  const [busy, setBusy] = useState<{ remote: RemoteName; what: string } | null>(null);
  const [refusals, setRefusals] = useState<Partial<Record<RemoteName, Refusal>>>({});
  const refuse = (remote: RemoteName, refusal: Refusal | null) =>
    setRefusals((current) => ({ ...current, [remote]: refusal ?? undefined }));

  const failed = (remote: RemoteName, version: string | null) => (error: Error) => {
    const problems = checkProblems(error);
    refuse(remote, {
      version,
      message: problems.length
        ? `${version ?? 'That release'} cannot go live: it does not fit the host that is live.`
        : error.message,
      problems,
    });
  };
  const onPromote = (remote: RemoteName, version: string) => {
    refuse(remote, null);
    setBusy({ remote, what: version });
    promote.mutate(
      { remote, version },
      {
        onSuccess: (entry) =>
          toastSuccess(`${entry.label} ${liveName(entry)} is live. Open tabs are told.`, 'Promoted'),
        onError: failed(remote, version),
        onSettled: () => setBusy(null),
      },
    );
  };
  const onRollback = (remote: RemoteName) => {
    refuse(remote, null);
    setBusy({ remote, what: 'rollback' });
    rollback.mutate(remote, {
      onSuccess: (entry) => toastSuccess(`${entry.label} is back on ${liveName(entry)}.`, 'Rolled back'),
      onError: failed(remote, null),
      onSettled: () => setBusy(null),
    });
  };

  return (
    <Stack gap="md">
      <PageHeader
        title="Releases"
        subtitle="Each remote's published releases: promote one after the check against the live host, or roll back."
      />
      {releases.isPending && <Skeleton height={180} aria-label="Loading releases" />}
      {releases.isError && (
        <LoadErrorPanel
          title="The releases could not be loaded."
          message={`${releases.error.message} Try again; if it keeps failing, check that the server is running.`}
          onRetry={() => void releases.refetch()}
          retrying={releases.isFetching}
        />
      )}
      {releases.data?.remotes.map((entry) => (
        <RemoteReleasesCard
          key={entry.remote}
          entry={entry}
          busy={busy?.remote === entry.remote ? busy.what : null}
          refusal={refusals[entry.remote] ?? null}
          onPromote={onPromote}
          onRollback={onRollback}
        />
      ))}
    </Stack>
  );
}
