import {
  REMOTE_NAMES,
  type ReleaseChange,
  type ReleaseFigures,
  type ReleasesOverview,
  type RemoteName,
  type StageAudience,
} from '@auditdesk/shared/core';
import { remoteNamed } from '../../platform/config/remotes';
import type { ReleaseChangeRow } from '../../platform/db/schema';
import type { PersonRow } from './releases';
import type { ReleasesRepository } from './releasesRepository';
import { describeAudience, describeNext, inAudience, type StoredAudience } from './stages/audience';
import type { ReleaseState, RemoteState } from './stages/releaseState';
import type { Figures, WatchRules } from './stages/releaseWatch';

const DAY_MS = 24 * 3600 * 1000;

const toChange = (row: ReleaseChangeRow): ReleaseChange => ({
  action: row.action,
  fromVersion: row.fromVersion,
  toVersion: row.toVersion,
  audience: row.audience,
  reason: row.reason,
  by: row.by,
  at: row.at,
});

const isLiveChange = (row: ReleaseChangeRow) => row.action === 'promote' || row.action === 'rollback';

const asReleaseFigures = ({ pageLoads, loadFailures, errors }: Figures): ReleaseFigures => ({
  pageLoads,
  loadFailures,
  errors,
});

/** An audience as the page shows it: named people by e-mail. */
function shownAudience(audience: StoredAudience, people: readonly PersonRow[]): StageAudience {
  if (audience.kind !== 'users') return audience;
  const emails = new Map(people.map((person) => [person.id, person.email]));
  return { kind: 'users', users: audience.userIds.map((id) => emails.get(id) ?? `account ${id}`) };
}

async function stageOf(
  remote: RemoteName,
  entry: RemoteState,
  repository: ReleasesRepository,
  people: readonly PersonRow[],
) {
  const { stage } = entry;
  if (!stage) return null;
  const since = new Date(stage.startedAt);
  const [staged, live] = await Promise.all([
    repository.figures(remote, stage.version, since),
    repository.figures(remote, entry.live.version, since),
  ]);
  return {
    version: stage.version,
    audience: shownAudience(stage.audience, people),
    description: describeAudience(stage.audience),
    people: people.filter(
      (person) => person.isActive && inAudience(stage.audience, person, remote, stage.version),
    ).length,
    since: stage.startedAt,
    by: stage.by,
    next: describeNext(stage.audience),
    staged: asReleaseFigures(staged),
    live: asReleaseFigures(live),
  };
}

/** The Releases page: each remote's releases, what is live and staged, who previews, its changes. */
export async function buildOverview({
  state,
  repository,
  people,
  rules,
  manifestUrl,
  now,
}: {
  state: ReleaseState;
  repository: ReleasesRepository;
  people: readonly PersonRow[];
  rules: WatchRules;
  manifestUrl: (remote: RemoteName, version: string) => string;
  now: Date;
}): Promise<ReleasesOverview> {
  const [rows, changes, counts] = await Promise.all([
    repository.all(),
    repository.changes(),
    repository.loadCounts(new Date(now.getTime() - DAY_MS)),
  ]);
  const emails = new Map(people.map((person) => [String(person.id), person.email]));
  const remotes = await Promise.all(
    REMOTE_NAMES.map(async (remote) => {
      const entry = state[remote];
      const own = changes.filter((change) => change.remote === remote);
      const newestLive = own.find(isLiveChange);
      const live = newestLive?.toVersion ? newestLive : null;
      const watchUntil = entry.promotion && Date.parse(entry.promotion.at) + rules.afterPromotionMs;
      return {
        remote,
        label: remoteNamed(remote).label,
        pinnedUrl: entry.pinned?.url ?? null,
        live: live && { version: live.toVersion!, since: live.at, by: live.by },
        stage: await stageOf(remote, entry, repository, people),
        watch:
          entry.promotion && !entry.stage && watchUntil && watchUntil > now.getTime()
            ? { version: entry.promotion.version, until: new Date(watchUntil).toISOString() }
            : null,
        previews: Object.entries(entry.previews).map(([userId, preview]) => ({
          email: emails.get(userId) ?? `account ${userId}`,
          version: preview.version,
          until: preview.expiresAt,
        })),
        releases: rows
          .filter((row) => row.remote === remote)
          .map((row) => ({
            version: row.version,
            commit: row.commit,
            builtAt: row.builtAt,
            publishedAt: row.publishedAt,
            notes: row.notes,
            manifestUrl: manifestUrl(remote, row.version),
            live: row.version === live?.toVersion,
            ...(counts.get(`${remote} ${row.version}`) ?? { pageLoads: 0, loadFailures: 0, errors: 0 }),
          })),
        changes: own.slice(0, 20).map(toChange),
      };
    }),
  );
  return {
    remotes,
    watch: {
      windowMinutes: rules.windowMs / 60_000,
      minLoads: rules.minLoads,
      failureRatePercent: Math.round(rules.failureRate * 100),
      afterPromotionMinutes: rules.afterPromotionMs / 60_000,
    },
  };
}
