import fs from 'node:fs';
import path from 'node:path';
import type { RemoteName, RemoteReleases, Role } from '@auditdesk/shared/core';
import { conflict, notFound } from '../../platform/errors/httpProblem';
import { defaultRemoteUrl, remoteNamed } from '../../platform/config/remotes';
import type { Notifier } from '../notifications/notifier';
import { buildFiles } from './buildFiles';
import { compatibilityProblems, type BuildFacts } from './compatibility';
import { parseFederationManifest } from './federationManifest';
import { buildOverview } from './releasesOverview';
import type { ReleaseStore } from './releaseStore';
import type { ReleasesRepository } from './releasesRepository';
import type { SharedUsage } from './sharedUsage';
import { buildReleaseState } from './stages/buildReleaseState';
import type { ReleaseState } from './stages/releaseState';
import type { WatchRules } from './stages/releaseWatch';
import type { StagesRepository } from './stages/stagesRepository';

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

/** An account as the stages see it. */
export interface PersonRow {
  id: number;
  email: string;
  role: Role;
  isActive: boolean;
}

export interface ReleasesOptions {
  repository: ReleasesRepository;
  stages: StagesRepository;
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
  /** Every account (for stages: who is in them). */
  people: () => Promise<PersonRow[]>;
  /** The watch over staged and newly promoted releases (RELEASE_WATCH_*). */
  rules: WatchRules;
  /** A release changed for some people: every instance should learn it now. */
  liveChanged: () => void;
}

const named = (version: string | null) => version ?? 'the built-in build';

/**
 * Remote releases (DESIGN.md sections 19 and 26): publishing a build into the store with its
 * record, the Releases page's overview, promotions and rollbacks after the compatibility
 * check, and what each person's /remotes.json is made of. Stages, previews and the watch are
 * in ./stages, on top of this. Used by the API and by `pnpm release`.
 */
export function createReleases(options: ReleasesOptions) {
  const { repository, store } = options;

  async function liveVersion(remote: RemoteName): Promise<string | null> {
    const live = (await repository.liveChanges()).find((change) => change.remote === remote);
    return live?.toVersion ?? null;
  }

  /** Where every remote stands: live, staged, previewed (one query). */
  async function state(now = new Date()): Promise<ReleaseState> {
    return buildReleaseState(await options.stages.state(now), {
      pinned: options.pinned,
      releaseUrl: (remote, version) => store.manifestUrl(remoteNamed(remote), version),
      builtInUrl: (remote) => defaultRemoteUrl(remoteNamed(remote)),
    });
  }

  /** Removes the releases past the newest `keep` (never the live, staged or previewed ones), record and files. */
  async function prune(remote: RemoteName): Promise<void> {
    const entry = (await state())[remote];
    const inUse = new Set([
      entry.live.version,
      entry.stage?.version,
      ...Object.values(entry.previews).map((preview) => preview.version),
    ]);
    const old = (await repository.list(remote))
      .slice(options.keep)
      .map((row) => row.version)
      .filter((version) => !inUse.has(version));
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

  /** Refuses, with each problem, a release that does not fit the live host. */
  async function mustFit(remote: RemoteName, version: string, doing: string): Promise<void> {
    const problems = await check(remote, version);
    if (problems.length)
      throw conflict(`${remote} ${version} cannot ${doing}: ${problems.join(' ')}`, { problems });
  }

  async function remoteOverview(remote: RemoteName): Promise<RemoteReleases> {
    return (await overview()).remotes.find((entry) => entry.remote === remote)!;
  }

  async function changeLive(
    remote: RemoteName,
    action: 'promote' | 'rollback',
    toVersion: string | null,
    by: string,
    reason: string | null = null,
  ): Promise<RemoteReleases> {
    const fromVersion = await liveVersion(remote);
    if (toVersion !== null) await mustFit(remote, toVersion, 'go live');
    if (!(await repository.change({ remote, action, fromVersion, toVersion, by, reason })))
      throw conflict(`Someone changed the live version of ${remote} meanwhile. Reload and try again.`);
    options.liveChanged();
    await liveNotice(remote, action, fromVersion, toVersion, by, reason);
    return remoteOverview(remote);
  }

  async function liveNotice(
    remote: RemoteName,
    action: 'promote' | 'rollback',
    fromVersion: string | null,
    toVersion: string | null,
    by: string,
    reason: string | null = null,
  ): Promise<void> {
    const label = remoteNamed(remote).label;
    await options.notifier.notify({
      kind: action === 'promote' ? 'release-promoted' : 'release-rolled-back',
      severity: reason ? 'error' : 'info',
      title: `${label} ${action === 'promote' ? 'release promoted' : reason ? 'rolled back automatically' : 'rolled back'}: ${named(toVersion)}`,
      message: `${by} changed ${remote} from ${named(fromVersion)} to ${named(toVersion)}.${reason ? ` ${reason}` : ''}`,
      link: '/releases',
      role: 'Admin',
    });
  }

  async function overview() {
    const now = new Date();
    return buildOverview({
      state: await state(now),
      repository,
      people: await options.people(),
      rules: options.rules,
      manifestUrl: (remote, version) => store.manifestUrl(remoteNamed(remote), version),
      now,
    });
  }

  return {
    state,
    overview,
    check,
    mustFit,
    liveVersion,
    remoteOverview,
    liveNotice,

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

    /** Makes a release live for everyone (a stage of another release stays: abort or advance it). */
    async promote(remote: RemoteName, version: string, by: string): Promise<RemoteReleases> {
      const staged = (await state())[remote].stage;
      if (staged?.version === version)
        throw conflict(
          `${remote} ${version} is staged: advance it to everyone (or abort the stage) instead of promoting it.`,
        );
      return changeLive(remote, 'promote', version, by);
    },

    /** Back to the release before the live one (or, before the first, the built-in build). */
    async rollback(remote: RemoteName, by: string, reason: string | null = null): Promise<RemoteReleases> {
      const live = await liveVersion(remote);
      if (!live) throw conflict(`${remote} runs its built-in build: there is nothing to roll back.`);
      const versions = (await repository.list(remote)).map((row) => row.version);
      const previous = versions[versions.indexOf(live) + 1] ?? null;
      return changeLive(remote, 'rollback', previous, by, reason);
    },

    /** Back to a given release (the watch: the one before a promotion it judged worse). */
    rollbackTo: (remote: RemoteName, version: string | null, by: string, reason: string) =>
      changeLive(remote, 'rollback', version, by, reason),
  };
}

export type Releases = ReturnType<typeof createReleases>;
