import { api, routes, syncHubClient, type SyncHubClient } from '@auditdesk/shared';
import type { MyRelease } from '@auditdesk/shared/core';
import { useCallback, useEffect, useState } from 'react';
import { hasLoaded, registeredEntry } from '../remotes/registeredRemotes';
import type { RemoteName } from '../remotes/remotePages';
import { remoteReleased } from '../remotes/remoteUrls';

/** A remote this tab runs in another release than its person gets now. */
export interface OutdatedRemote {
  remote: RemoteName;
  version: string | null;
  /** The release's one-line notes (`pnpm release --notes`). */
  notes: string;
}

/**
 * What the banners above the page say about releases: the remotes with another release for
 * this person than the one this tab runs (RemoteReleased over the hub, told per person: a
 * promotion, their stage, their preview), and the person's own previews. A remote this tab has
 * not loaded yet takes its new release at its next navigation and is not listed; one it has
 * loaded is listed until the tab reloads (nothing is switched by force), or until the release
 * it runs is theirs again. Each time the hub connects, the person's releases are read again: a
 * change made while this tab was not connected is not missed.
 */
export function useReleaseNotices(client: SyncHubClient = syncHubClient) {
  const [outdated, setOutdated] = useState<OutdatedRemote[]>([]);
  const [previews, setPreviews] = useState<MyRelease[]>([]);

  const consider = useCallback((remote: RemoteName, url: string, version: string | null, notes: string) => {
    remoteReleased(remote, url);
    const runs = hasLoaded(remote) ? registeredEntry(remote) : undefined;
    setOutdated((current) => {
      const others = current.filter((entry) => entry.remote !== remote);
      return runs && runs !== url ? [...others, { remote, version, notes }] : others;
    });
  }, []);

  const readMine = useCallback(
    (all: boolean) =>
      api(routes.releasesMine)
        .then(({ remotes }) => {
          setPreviews(remotes.filter((entry) => entry.previewUntil !== null));
          if (all) for (const entry of remotes) consider(entry.remote, entry.url, entry.version, entry.notes);
        })
        .catch(() => undefined), // the next event or connection tells again
    [consider],
  );

  useEffect(() => {
    void readMine(false);
    const stopEvents = client.on('RemoteReleased', (remote, version, url, notes) => {
      consider(remote, url, version, notes);
      void readMine(false); // a preview begun or left elsewhere
    });
    const stopStatus = client.onStatus((status) => {
      if (status === 'Connected') void readMine(true);
    });
    return () => {
      stopEvents();
      stopStatus();
    };
  }, [client, consider, readMine]);

  const dismiss = useCallback(
    (remote: RemoteName) => setOutdated((current) => current.filter((entry) => entry.remote !== remote)),
    [],
  );

  /**
   * Ends the person's preview of a remote. This tab, if it runs the previewed release, reloads
   * to leave it (the person asked to); their other tabs are told and offer Reload.
   */
  const leavePreview = useCallback(
    async (preview: MyRelease, reload: () => void) => {
      await api(routes.releasesLeavePreview, { params: { remote: preview.remote } });
      if (hasLoaded(preview.remote) && registeredEntry(preview.remote) === preview.url) reload();
      else await readMine(true);
    },
    [readMine],
  );

  return { outdated, previews, dismiss, leavePreview };
}
