import { syncHubClient, type SyncHubClient } from '@auditdesk/shared';
import { useCallback, useEffect, useState } from 'react';
import { hasLoaded, registeredEntry } from '../remotes/registeredRemotes';
import type { RemoteName } from '../remotes/remotePages';
import { remoteReleased } from '../remotes/remoteUrls';

/**
 * The remotes with a newer live release than the one this tab runs (RemoteReleased over the
 * hub). A remote this tab has not loaded yet takes the new release at its next navigation and
 * is not listed; one it has loaded is listed until the tab reloads, or until the release it
 * runs is live again (a rollback).
 */
export function useNewReleases(client: SyncHubClient = syncHubClient) {
  const [outdated, setOutdated] = useState<RemoteName[]>([]);

  useEffect(
    () =>
      client.on('RemoteReleased', (remote, _version, url) => {
        remoteReleased(remote, url);
        const runs = hasLoaded(remote) ? registeredEntry(remote) : undefined;
        setOutdated((current) => {
          const others = current.filter((entry) => entry !== remote);
          return runs && runs !== url ? [...others, remote] : others;
        });
      }),
    [client],
  );

  const dismiss = useCallback(
    (remote: RemoteName) => setOutdated((current) => current.filter((entry) => entry !== remote)),
    [],
  );
  return { outdated, dismiss };
}
