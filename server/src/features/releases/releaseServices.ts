import type { RemoteName } from '@auditdesk/shared/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config/loadConfig';
import type { Database } from '../../platform/db/database';
import type { Notifier } from '../notifications/notifier';
import type { HubBackplane } from '../realtime/backplane/hubBackplane';
import type { UsersRepository } from '../users/usersRepository';
import { readHostBuild } from './hostBuild';
import { createLiveRemotes } from './liveRemotes';
import { createReleases, type PersonRow } from './releases';
import { createReleaseStore } from './releaseStore';
import { createReleasesRepository } from './releasesRepository';
import { createReleasePreviews } from './stages/releasePreviews';
import { createReleaseStages } from './stages/releaseStages';
import { answersFor, type ReleaseState } from './stages/releaseState';
import { createReleaseWatch } from './stages/releaseWatchRunner';
import { createStagesRepository } from './stages/stagesRepository';

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

/** What a hub event tells a tab: RemoteReleased(remote, version, url, notes). */
export type TellTab = (args: [RemoteName, string | null, string, string], userId: number) => void;

/** The releases service over a database, for the app and for `pnpm release`. */
export function createReleasesFor(
  config: Config,
  db: Database,
  notifier: Pick<Notifier, 'notify'>,
  users: Pick<UsersRepository, 'list'>,
  liveChanged: () => void,
) {
  const repository = createReleasesRepository(db);
  const stagesRepository = createStagesRepository(db);
  const people = async (): Promise<PersonRow[]> => users.list();
  const releases = createReleases({
    repository,
    stages: stagesRepository,
    store: createReleaseStore(config.releases),
    pinned: config.pinnedRemoteUrls,
    keep: config.releases.keep,
    hostBuild: () => readHostBuild(config.webRoot),
    manifestLoads,
    notifier,
    people,
    rules: config.releases.watch,
    liveChanged,
  });
  const stages = createReleaseStages({
    releases,
    stages: stagesRepository,
    notifier,
    people,
    liveChanged,
  });
  const previews = createReleasePreviews({
    releases,
    stages: stagesRepository,
    previewMs: config.releases.previewMs,
    liveChanged,
  });
  return { releases, stages, previews, repository, people };
}

/**
 * Tells each of this instance's tabs whose release of a remote differs between two states
 * (a promotion, a stage, a preview begun or run out): per person, since a stage or a preview
 * concerns some people only.
 */
export async function tellChangedTabs(
  before: ReleaseState,
  after: ReleaseState,
  beforeAt: number,
  { userIds, people, tell }: { userIds: number[]; people: () => Promise<PersonRow[]>; tell: TellTab },
): Promise<void> {
  // the state read leaves out previews that ran out: one running out is a difference too
  if (userIds.length === 0 || JSON.stringify(before) === JSON.stringify(after)) return;
  const now = Date.now();
  const known = new Map((await people()).map((person) => [person.id, person]));
  for (const userId of userIds) {
    const person = known.get(userId);
    if (!person) continue;
    const was = answersFor(before, person, beforeAt);
    const is = answersFor(after, person, now);
    for (const [remote, answer] of Object.entries(is) as [RemoteName, (typeof is)[RemoteName]][])
      if (was[remote].url !== answer.url) tell([remote, answer.version, answer.url, answer.notes], userId);
  }
}

/**
 * The app's releases: the services, what /remotes.json answers from (told to the open tabs on
 * change) and the watch.
 */
export function createReleaseServices({
  config,
  db,
  notifier,
  users,
  backplane,
  ownUserIds,
  tellTab,
  log,
}: {
  config: Config;
  db: Database;
  notifier: Notifier;
  users: Pick<UsersRepository, 'list'>;
  backplane: HubBackplane | null;
  /** The people with a tab connected to this instance's hub. */
  ownUserIds: () => number[];
  /** Sends RemoteReleased to one person's tabs on this instance. */
  tellTab: TellTab;
  log: FastifyBaseLogger;
}) {
  // the closure runs at a change, long after liveRemotes exists
  const services = createReleasesFor(config, db, notifier, users, () => void liveRemotes.invalidate());
  const liveRemotes = createLiveRemotes({
    read: () => services.releases.state(),
    backplane,
    changed: (before, after, beforeAt) =>
      void tellChangedTabs(before, after, beforeAt, {
        userIds: ownUserIds(),
        people: services.people,
        tell: tellTab,
      }).catch((error: unknown) => log.warn({ err: error }, 'open tabs not told of a release change')),
  });
  const watch = createReleaseWatch({
    state: () => liveRemotes.state(),
    releases: services.releases,
    stages: services.stages,
    repository: services.repository,
    rules: config.releases.watch,
    log,
  });
  return {
    releases: services.releases,
    releaseStages: services.stages,
    releasePreviews: services.previews,
    releasesRepository: services.repository,
    liveRemotes,
    releaseWatch: watch,
  };
}
