import { LoadErrorPanel, PageHeader, toastSuccess } from '@auditdesk/shared';
import type { RemoteName, RemoteReleases, StageAudience } from '@auditdesk/shared/core';
import { Skeleton, Stack } from '@mantine/core';
import { useState } from 'react';
import { NamedPeopleModal } from './NamedPeopleModal';
import { openPreview } from './openPreview';
import { checkProblems } from './releasesApi';
import { RemoteReleasesCard, type ReleaseCommands, type Refusal } from './RemoteReleasesCard';
import { useReleases } from './useReleases';

const liveName = (entry: RemoteReleases) => entry.live?.version ?? 'the built-in build';

/** Admin-only: the host and a standalone remote refuse it to others (the remote manifest's adminOnly). */
export default function ReleasesPage() {
  const { releases, promote, rollback, stage, advance, abort, preview } = useReleases();
  const [busy, setBusy] = useState<{ remote: RemoteName; what: string } | null>(null);
  const [refusals, setRefusals] = useState<Partial<Record<RemoteName, Refusal>>>({});
  const [naming, setNaming] = useState<{ remote: RemoteName; version: string } | null>(null);
  const refuse = (remote: RemoteName, refusal: Refusal | null) =>
    setRefusals((current) => ({ ...current, [remote]: refusal ?? undefined }));

  /** Runs one command for a remote: busy meanwhile, its refusal shown on the card. */
  function run<T>(
    remote: RemoteName,
    what: string,
    version: string | null,
    mutate: (callbacks: {
      onSuccess: (answer: T) => void;
      onError: (error: Error) => void;
      onSettled: () => void;
    }) => void,
    done: (answer: T) => void,
  ) {
    refuse(remote, null);
    setBusy({ remote, what });
    mutate({
      onSuccess: done,
      onError: (error) => {
        const problems = checkProblems(error);
        refuse(remote, {
          version,
          message: problems.length
            ? `${version ?? 'That release'} cannot ${what.startsWith('preview') ? 'be previewed' : what.startsWith('stage') ? 'be staged' : 'go live'}: it does not fit the host that is live.`
            : error.message,
          problems,
        });
      },
      onSettled: () => setBusy(null),
    });
  }

  const commands: ReleaseCommands = {
    promote: (remote, version) =>
      run<RemoteReleases>(
        remote,
        version,
        version,
        (callbacks) => promote.mutate({ remote, version }, callbacks),
        (entry) => toastSuccess(`${entry.label} ${liveName(entry)} is live. Open tabs are told.`, 'Promoted'),
      ),
    rollback: (remote) =>
      run<RemoteReleases>(
        remote,
        'rollback',
        null,
        (callbacks) => rollback.mutate(remote, callbacks),
        (entry) => toastSuccess(`${entry.label} is back on ${liveName(entry)}.`, 'Rolled back'),
      ),
    stage: (remote, version, audience: StageAudience) =>
      run<RemoteReleases>(
        remote,
        `stage ${version}`,
        version,
        (callbacks) => stage.mutate({ remote, version, audience }, callbacks),
        (entry) =>
          toastSuccess(
            `${entry.label} ${version} goes to ${entry.stage?.description ?? 'its stage'} at their next page load.`,
            'Staged',
          ),
      ),
    stageNamedPeople: (remote, version) => setNaming({ remote, version }),
    advance: (remote) =>
      run<RemoteReleases>(
        remote,
        'advance',
        null,
        (callbacks) => advance.mutate(remote, callbacks),
        (entry) =>
          toastSuccess(
            entry.stage
              ? `${entry.label} ${entry.stage.version} now goes to ${entry.stage.description}.`
              : `${entry.label} ${liveName(entry)} is live for everyone. Open tabs are told.`,
            'Advanced',
          ),
      ),
    abort: (remote) =>
      run<RemoteReleases>(
        remote,
        'abort',
        null,
        (callbacks) => abort.mutate(remote, callbacks),
        (entry) => toastSuccess(`Everyone is back on ${entry.label} ${liveName(entry)}.`, 'Stage aborted'),
      ),
    preview: (remote, version) =>
      run<{ until: string }>(
        remote,
        `preview ${version}`,
        version,
        (callbacks) => preview.mutate({ remote, version }, callbacks),
        () => openPreview(remote),
      ),
  };

  return (
    <Stack gap="md">
      <PageHeader
        title="Releases"
        subtitle="Each remote's published releases: preview one yourself, try it on some people first, promote it after the check against the live host, or roll back."
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
          rules={releases.data.watch}
          busy={busy?.remote === entry.remote ? busy.what : null}
          refusal={refusals[entry.remote] ?? null}
          commands={commands}
        />
      ))}
      <NamedPeopleModal
        key={naming ? `${naming.remote} ${naming.version}` : 'closed'}
        version={naming?.version ?? null}
        onClose={() => setNaming(null)}
        onStage={(users) => {
          if (!naming) return;
          setNaming(null);
          commands.stage(naming.remote, naming.version, { kind: 'users', users });
        }}
      />
    </Stack>
  );
}
