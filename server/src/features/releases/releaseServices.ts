import type { Config } from '../../platform/config/loadConfig';
import type { Database } from '../../platform/db/database';
import type { Notifier } from '../notifications/notifier';
import type { HubBackplane } from '../realtime/backplane/hubBackplane';
import { readHostBuild } from './hostBuild';
import { createLiveRemotes } from './liveRemotes';
import { createReleases } from './releases';
import { createReleaseStore } from './releaseStore';
import { createReleasesRepository } from './releasesRepository';

const MANIFEST_TIMEOUT_MS = 10_000;

/** Whether a release's manifest answers: from the static host it is served by, or in the folder. */
async function manifestLoads(url: string, read: () => string | null): Promise<boolean> {
  if (!/^https?:\/\//.test(url)) return read() !== null;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(MANIFEST_TIMEOUT_MS) });
    return response.ok;
  } catch {
    return false;
  }
}

/** The releases service over a database, for the app and for `pnpm release`. */
export function createReleasesFor(
  config: Config,
  db: Database,
  notifier: Pick<Notifier, 'notify'>,
  liveChanged: () => void,
) {
  const repository = createReleasesRepository(db);
  const releases = createReleases({
    repository,
    store: createReleaseStore(config.releases),
    pinned: config.pinnedRemoteUrls,
    keep: config.releases.keep,
    hostBuild: () => readHostBuild(config.webRoot),
    manifestLoads,
    notifier,
    liveChanged,
  });
  return { releases, repository };
}

/** The app's releases: the service, and what /remotes.json answers, told to the open tabs on change. */
export function createReleaseServices({
  config,
  db,
  notifier,
  backplane,
  tellTabs,
}: {
  config: Config;
  db: Database;
  notifier: Notifier;
  backplane: HubBackplane | null;
  /** Sends a hub event to this instance's open tabs. */
  tellTabs: (target: 'RemoteReleased', args: [string, string | null, string]) => void;
}) {
  // the closure runs at a promotion, long after liveRemotes exists
  const { releases, repository } = createReleasesFor(
    config,
    db,
    notifier,
    () => void liveRemotes.invalidate(),
  );
  const liveRemotes = createLiveRemotes({
    read: () => releases.live(),
    backplane,
    fallback: config.remoteUrls,
    changed: (remote, live) => tellTabs('RemoteReleased', [remote, live.version, live.url]),
  });
  return { releases, releasesRepository: repository, liveRemotes };
}
