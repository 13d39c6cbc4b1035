import fs from 'node:fs';
import path from 'node:path';
import type { ReleaseChange, ReleasesOverview, RemoteName, RemoteReleases } from '@auditdesk/shared/core';
import type { ReleaseChangeRow } from '../../platform/db/schema';
import { conflict, notFound } from '../../platform/errors/httpProblem';
import { defaultRemoteUrl, REMOTES, remoteNamed } from '../../platform/config/remotes';
import type { Notifier } from '../notifications/notifier';
import { buildFiles } from './buildFiles';
import { compatibilityProblems, type BuildFacts } from './compatibility';
import { parseFederationManifest } from './federationManifest';
import type { LiveRemote } from './liveRemotes';
import type { ReleaseStore } from './releaseStore';
import type { ReleasesRepository } from './releasesRepository';
import type { SharedUsage } from './sharedUsage';

const DAY_MS = 24 * 3600 * 1000;

export interface PublishRequest {
  remote: RemoteName;
  /** The remote's package.json version; the build number is added to it. */
  packageVersion: string;
  /** The folder of the build (its dist/). */
  buildDir: string;
  commit: string;
  builtAt: string;
  notes: string;
}

export interface ReleasesOptions {
  repository: ReleasesRepository;
  store: ReleaseStore;
  /** The remotes a REMOTE_*_URL setting pins. */
  pinned: Partial<Record<string, string>>;
  /** Releases kept per remote (the live one always). */
  keep: number;
  /** The live host's build, read at each check (null: none to compare with). */
  hostBuild: () => BuildFacts | null;
  /** Whether the store answers for a release's manifest (the folder, or the static host). */
  manifestLoads: (url: string, read: () => string | null) => Promise<boolean>;
  notifier: Pick<Notifier, 'notify'>;
  /** A remote's live version changed: every instance should learn it now. */
  liveChanged: () => void;
}

const toChange = (row: ReleaseChangeRow): ReleaseChange => ({
  action: row.action,
  fromVersion: row.fromVersion,
  toVersion: row.toVersion,
  by: row.by,
  at: row.at,
});

const named = (version: string | null) => version ?? 'the built-in build';

/**
 * Remote releases (DESIGN.md section 19): publishing a build into the store with its record,
 * the Releases page's overview, and promotions and rollbacks after the compatibility check.
 * Used by the API and by `pnpm release`.
 */
export function createReleases(options: ReleasesOptions) {
  const { repository, store } = options;

  async function liveVersion(remote: RemoteName): Promise<string | null> {
    const live = (await repository.liveChanges()).find((change) => change.remote === remote);
    return live?.toVersion ?? null;
  }

  /** Removes the releases past the newest `keep` (never the live one), record and files. */
  async function prune(remote: RemoteName): Promise<void> {
    const live = await liveVersion(remote);
    const old = (await repository.list(remote))
      .slice(options.keep)
      .map((row) => row.version)
      .filter((version) => version !== live);
    await repository.remove(remote, old);
    for (const version of old) store.remove(remoteNamed(remote), version);
  }

  /** What keeps this release out of the live host; none: it may go live. */
  async function check(remote: RemoteName, version: string): Promise<string[]> {
    const row = await repository.find(remote, version);
    if (!row) throw notFound(`${remote} has no release ${version}.`);
    const definition = remoteNamed(remote);
    const manifest = parseFederationManifest(row.manifest);
    if (typeof manifest === 'string') return [manifest];
    const url = store.manifestUrl(definition, version);
    if (!(await options.manifestLoads(url, () => store.read(definition, version, 'mf-manifest.json'))))
      return [`Its manifest does not load from ${url}.`];
    let host: BuildFacts | null;
    try {
      host = options.hostBuild();
    } catch (error) {
      return [error instanceof Error ? error.message : String(error)];
    }
    return compatibilityProblems({
      remote,
      release: { manifest, usage: row.sharedUsage ? (JSON.parse(row.sharedUsage) as SharedUsage) : null },
      host,
      routedModules: definition.exposes,
    });
  }

  async function changeLive(
    remote: RemoteName,
    action: ReleaseChange['action'],
    toVersion: string | null,
    by: string,
  ): Promise<RemoteReleases> {
    const fromVersion = await liveVersion(remote);
    if (toVersion !== null) {
      const problems = await check(remote, toVersion);
      if (problems.length)
        throw conflict(`${remote} ${toVersion} cannot go live: ${problems.join(' ')}`, { problems });
    }
    if (!(await repository.change({ remote, action, fromVersion, toVersion, by })))
      throw conflict(`Someone changed the live version of ${remote} meanwhile. Reload and try again.`);
    options.liveChanged();
    const label = remoteNamed(remote).label;
    await options.notifier.notify({
      kind: action === 'promote' ? 'release-promoted' : 'release-rolled-back',
      severity: 'info',
      title: `${label} ${action === 'promote' ? 'release promoted' : 'rolled back'}: ${named(toVersion)}`,
      message: `${by} changed ${remote} from ${named(fromVersion)} to ${named(toVersion)}.`,
      link: '/releases',
      role: 'Admin',
    });
    return (await overview()).remotes.find((entry) => entry.remote === remote)!;
  }

  async function overview(): Promise<ReleasesOverview> {
    const [rows, changes, counts] = await Promise.all([
      repository.all(),
      repository.changes(),
      repository.loadCounts(new Date(Date.now() - DAY_MS)),
    ]);
    return {
      remotes: REMOTES.map((definition) => {
        const own = changes.filter((change) => change.remote === definition.name);
        const live = own[0]?.toVersion ? own[0] : null;
        return {
          remote: definition.name,
          label: definition.label,
          pinnedUrl: options.pinned[definition.name] ?? null,
          live: live && { version: live.toVersion!, since: live.at, by: live.by },
          releases: rows
            .filter((row) => row.remote === definition.name)
            .map((row) => ({
              version: row.version,
              commit: row.commit,
              builtAt: row.builtAt,
              publishedAt: row.publishedAt,
              notes: row.notes,
              manifestUrl: store.manifestUrl(definition, row.version),
              live: row.version === live?.toVersion,
              ...(counts.get(`${definition.name} ${row.version}`) ?? { pageLoads: 0, loadFailures: 0 }),
            })),
          changes: own.slice(0, 20).map(toChange),
        };
      }),
    };
  }

  return {
    overview,
    check,

    /** Publishes a build as the remote's next release (not live until promoted). */
    async publish(request: PublishRequest): Promise<{ version: string; manifestUrl: string }> {
      const definition = remoteNamed(request.remote);
      // refuses links before anything of the build is read
      const files = new Set(buildFiles(request.buildDir));
      const read = (file: string) =>
        files.has(file) ? fs.readFileSync(path.join(request.buildDir, file), 'utf8') : null;
      const manifest = read('mf-manifest.json');
      if (!manifest)
        throw new Error(`${request.buildDir} has no mf-manifest.json: build ${definition.folder} first.`);
      const parsed = parseFederationManifest(manifest);
      if (typeof parsed === 'string') throw new Error(parsed);
      const version = `${request.packageVersion}-${await repository.nextBuildNumber(request.remote)}`;
      store.publish(definition, version, request.buildDir);
      const added = await repository.add({
        remote: request.remote,
        version,
        commit: request.commit,
        builtAt: request.builtAt,
        notes: request.notes,
        manifest,
        sharedUsage: read('shared-usage.json'),
      });
      if (!added) throw new Error(`${request.remote} ${version} was published meanwhile by someone else.`);
      await prune(request.remote);
      return { version, manifestUrl: store.manifestUrl(definition, version) };
    },

    promote: (remote: RemoteName, version: string, by: string) => changeLive(remote, 'promote', version, by),

    /** Back to the release before the live one (or, before the first, the built-in build). */
    async rollback(remote: RemoteName, by: string): Promise<RemoteReleases> {
      const live = await liveVersion(remote);
      if (!live) throw conflict(`${remote} runs its built-in build: there is nothing to roll back.`);
      const versions = (await repository.list(remote)).map((row) => row.version);
      const previous = versions[versions.indexOf(live) + 1] ?? null;
      return changeLive(remote, 'rollback', previous, by);
    },

    /** Each remote's manifest URL as /remotes.json gives it (pinned, else live, else built in), with its release. */
    async live(): Promise<Record<string, LiveRemote>> {
      const live = new Map(
        (await repository.liveChanges()).map((change) => [change.remote, change.toVersion]),
      );
      return Object.fromEntries(
        REMOTES.map((definition): [string, LiveRemote] => {
          const pinned = options.pinned[definition.name];
          const version = live.get(definition.name);
          if (pinned) return [definition.name, { url: pinned, version: null }];
          if (version) return [definition.name, { url: store.manifestUrl(definition, version), version }];
          return [definition.name, { url: defaultRemoteUrl(definition), version: null }];
        }),
      );
    },
  };
}

export type Releases = ReturnType<typeof createReleases>;
