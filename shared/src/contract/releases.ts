import { z } from 'zod';
import { REMOTE_MANIFEST, type RemoteName } from '../remotes/remoteManifest';

/** The remotes a release can be made of: their federation container names (DESIGN.md section 19). */
export const REMOTE_NAMES = REMOTE_MANIFEST.map((remote) => remote.name) as [RemoteName, ...RemoteName[]];
export type { RemoteName };
export const remoteName = z.enum(REMOTE_NAMES);

/** "<the remote's package.json version>-<build number>", e.g. 0.1.0-3: never reused. */
export const releaseVersion = z
  .string()
  .max(64)
  .regex(/^\d+\.\d+\.\d+-\d+$/, 'expected a release version such as 0.1.0-3');

/** One published release of a remote. */
export const release = z.object({
  version: z.string(),
  commit: z.string(),
  builtAt: z.string(),
  publishedAt: z.string(),
  notes: z.string(),
  /** The release's mf-manifest.json, as /remotes.json gives it to the host. */
  manifestUrl: z.string(),
  live: z.boolean(),
  /** Over the last 24 hours: the pages this release served, and the loads of it that failed. */
  pageLoads: z.number().int().min(0),
  loadFailures: z.number().int().min(0),
});
export type Release = z.infer<typeof release>;

export const RELEASE_ACTIONS = ['promote', 'rollback'] as const;

/** A change of the live version; `null` is the build the server itself serves (/remotes/<name>/). */
export const releaseChange = z.object({
  action: z.enum(RELEASE_ACTIONS),
  fromVersion: z.string().nullable(),
  toVersion: z.string().nullable(),
  by: z.string(),
  at: z.string(),
});
export type ReleaseChange = z.infer<typeof releaseChange>;

/** One remote on the Releases page. */
export const remoteReleases = z.object({
  remote: remoteName,
  label: z.string(),
  /** Set when a REMOTE_*_URL setting pins the remote: /remotes.json gives this, whatever is live. */
  pinnedUrl: z.string().nullable(),
  /** The live release; null: the build the server serves itself. */
  live: z.object({ version: z.string(), since: z.string(), by: z.string() }).nullable(),
  /** Newest first; the last kept ones. */
  releases: z.array(release),
  /** Promotions and rollbacks, newest first. */
  changes: z.array(releaseChange),
});
export type RemoteReleases = z.infer<typeof remoteReleases>;

export const releasesOverview = z.object({ remotes: z.array(remoteReleases) });
export type ReleasesOverview = z.infer<typeof releasesOverview>;

export const releaseTarget = z.strictObject({ remote: remoteName });
export const promoteBody = z.strictObject({ version: releaseVersion });

/** The phases of loading a remote in which the federation runtime can fail. */
export const REMOTE_LOAD_PHASES = [
  'manifest',
  'entry',
  'init',
  'expose',
  'factory',
  'shared',
  'timeout',
] as const;

/** Load reports one person may send a minute: a tab retrying a broken remote stays well below. */
export const LOAD_REPORTS_PER_MINUTE = 60;

/** A failed remote load, as the host's federation plugin reports it. */
export const remoteLoadError = z.strictObject({
  remote: remoteName,
  /** The release the host was loading; null: a build that is not a release (pinned or built in). */
  version: releaseVersion.nullable(),
  phase: z.enum(REMOTE_LOAD_PHASES),
  error: z.string().max(2000),
  route: z.string().max(512),
});
export type RemoteLoadError = z.infer<typeof remoteLoadError>;

/** A remote page that loaded, for the per-release page count. */
export const remotePageLoad = z.strictObject({
  remote: remoteName,
  version: releaseVersion.nullable(),
});
