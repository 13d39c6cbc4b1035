import { syncHubClient, type SyncHubClient } from '@auditdesk/shared';
import { useCallback, useEffect, useState } from 'react';
import { hasLoaded, registeredEntry } from '../remotes/registeredRemotes';
import type { RemoteName } from '../remotes/remotePages';
import { remoteReleased, remoteUrls } from '../remotes/remoteUrls';

/**
 * The remotes with a newer live release than the one this tab runs (RemoteReleased over the
 * hub). A remote this tab has not loaded yet takes the new release at its next navigation and
 * is not listed; one it has loaded is listed until the tab reloads, or until the release it
 * runs is live again (a rollback). Each time the hub connects, /remotes.json is read again:
 * a release made while this tab was not connected is not missed.
 */
export function useNewReleases(client: SyncHubClient = syncHubClient) {
  const [outdated, setOutdated] = useState<RemoteName[]>([]);

  const live = useCallback((remote: RemoteName, url: string) => {
    const runs = hasLoaded(remote) ? registeredEntry(remote) : undefined;
    setOutdated((current) => {
      const others = current.filter((entry) => entry !== remote);
      return runs && runs !== url ? [...others, remote] : others;
    });
  }, []);

  useEffect(() => {
    const stopEvents = client.on('RemoteReleased', (remote, _version, url) => {
      remoteReleased(remote, url);
      live(remote, url);
    });
    const stopStatus = client.onStatus((status) => {
      if (status !== 'Connected') return;
      remoteUrls(true).then(
        (urls) => {
          for (const [remote, url] of Object.entries(urls)) live(remote as RemoteName, url);
        },
        () => undefined, // the next event or connection tells again
      );
    });
    return () => {
      stopEvents();
      stopStatus();
    };
  }, [client, live]);

  const dismiss = useCallback(
    (remote: RemoteName) => setOutdated((current) => current.filter((entry) => entry !== remote)),
    [],
  );
  return { outdated, dismiss };
}
