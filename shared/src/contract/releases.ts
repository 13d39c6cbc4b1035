import { z } from 'zod';
import { REMOTE_MANIFEST, type RemoteName } from './remoteManifest';
import { emailAddress } from './common';
import { ROLES } from './vocabulary';

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
  /** Over the last 24 hours: the pages this release served, the loads of it that failed, and its pages that crashed. */
  pageLoads: z.number().int().min(0),
  loadFailures: z.number().int().min(0),
  errors: z.number().int().min(0),
});
export type Release = z.infer<typeof release>;

/**
 * What changed: the live version (promote, rollback) or a stage (stage: begun or changed,
 * advance: to the next step, abort: everyone back on the live release).
 */
export const RELEASE_ACTIONS = ['promote', 'rollback', 'stage', 'advance', 'abort'] as const;

/** A change; versions `null` are the build the server itself serves (/remotes/<name>/). */
export const releaseChange = z.object({
  action: z.enum(RELEASE_ACTIONS),
  /** What was live (promote, rollback) or staged (stage, advance, abort) before. */
  fromVersion: z.string().nullable(),
  /** What is live (promote, rollback) or staged (stage, advance) after; abort: the live one. */
  toVersion: z.string().nullable(),
  /** Who a stage is for after the change ("Admins", "10 % of people"). */
  audience: z.string().nullable(),
  /** Why (an automatic abort or rollback says what the watch saw). */
  reason: z.string().nullable(),
  by: z.string(),
  at: z.string(),
});
export type ReleaseChange = z.infer<typeof releaseChange>;

/** Who a stage is for: a role (and those above it), a share of people (a stable hash of each id), or named people. */
export const stageAudience = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('role'), role: z.enum(ROLES) }),
  z.strictObject({ kind: z.literal('share'), share: z.number().int().min(1).max(99) }),
  z.strictObject({ kind: z.literal('users'), users: z.array(emailAddress).min(1).max(200) }),
]);
export type StageAudience = z.infer<typeof stageAudience>;

/** Page loads, failed loads and crashes of one release over some minutes. */
export const releaseFigures = z.object({
  pageLoads: z.number().int().min(0),
  loadFailures: z.number().int().min(0),
  errors: z.number().int().min(0),
});
export type ReleaseFigures = z.infer<typeof releaseFigures>;

/** A release tried on some people before everyone (DESIGN.md section 26). */
export const releaseStage = z.object({
  version: z.string(),
  audience: stageAudience,
  /** The audience in words: "Admins", "Managers and Admins", "10 % of people", "2 people". */
  description: z.string(),
  /** The accounts with access it reaches now. */
  people: z.number().int().min(0),
  since: z.string(),
  by: z.string(),
  /** What Advance does next: "Managers and Admins", "25 % of people", "everyone". */
  next: z.string(),
  /** Since the stage began: the staged release's figures beside the live one's. */
  staged: releaseFigures,
  live: releaseFigures,
});
export type ReleaseStage = z.infer<typeof releaseStage>;

/** The watch's settings, for the page to say when it aborts by itself. */
export const releaseWatchRules = z.object({
  windowMinutes: z.number(),
  minLoads: z.number().int(),
  failureRatePercent: z.number(),
  afterPromotionMinutes: z.number(),
});
export type ReleaseWatchRules = z.infer<typeof releaseWatchRules>;

/** One remote on the Releases page. */
export const remoteReleases = z.object({
  remote: remoteName,
  label: z.string(),
  /** Set when a REMOTE_*_URL setting pins the remote: /remotes.json gives this, whatever is live. */
  pinnedUrl: z.string().nullable(),
  /** The live release; null: the build the server serves itself. */
  live: z.object({ version: z.string(), since: z.string(), by: z.string() }).nullable(),
  /** The release tried on some people; null: none. */
  stage: releaseStage.nullable(),
  /** A promotion still watched (its failures roll it back by themselves) until `until`. */
  watch: z.object({ version: z.string(), until: z.string() }).nullable(),
  /** The Admins previewing a release of this remote for themselves. */
  previews: z.array(z.object({ email: z.string(), version: z.string(), until: z.string() })),
  /** Newest first; the last kept ones. */
  releases: z.array(release),
  /** Promotions, rollbacks and stages, newest first. */
  changes: z.array(releaseChange),
});
export type RemoteReleases = z.infer<typeof remoteReleases>;

export const releasesOverview = z.object({
  remotes: z.array(remoteReleases),
  watch: releaseWatchRules,
});
export type ReleasesOverview = z.infer<typeof releasesOverview>;

export const releaseTarget = z.strictObject({ remote: remoteName });
export const promoteBody = z.strictObject({ version: releaseVersion });
export const stageBody = z.strictObject({ version: releaseVersion, audience: stageAudience });
export const previewBody = z.strictObject({ version: releaseVersion });

/** The release of one remote a signed-in person gets now, with its notes, and their preview if any. */
export const myRelease = z.object({
  remote: remoteName,
  /** null: a build that is not a release (pinned or built in). */
  version: z.string().nullable(),
  url: z.string(),
  notes: z.string(),
  /** Set while this person previews this release (until then). */
  previewUntil: z.string().nullable(),
});
export type MyRelease = z.infer<typeof myRelease>;
export const myReleases = z.object({ remotes: z.array(myRelease) });
export type MyReleases = z.infer<typeof myReleases>;

/** A tab's id (TAB_HEADER in the remote manifest says what a tab is). */
export const tabId = z.string().regex(/^[0-9a-f]{32}$/, 'expected a tab id (32 hexadecimal characters)');

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

/** A remote's page that loaded and then crashed while rendering (the host's error boundary caught it). */
export const REMOTE_CRASH_PHASE = 'render';
export const REMOTE_REPORT_PHASES = [...REMOTE_LOAD_PHASES, REMOTE_CRASH_PHASE] as const;

/** A failed remote load or a crash of its page, as the host reports it. */
export const remoteLoadError = z.strictObject({
  remote: remoteName,
  /** The release the host was loading; null: a build that is not a release (pinned or built in). */
  version: releaseVersion.nullable(),
  phase: z.enum(REMOTE_REPORT_PHASES),
  error: z.string().max(2000),
  route: z.string().max(512),
  tab: tabId.optional(),
});
export type RemoteLoadError = z.infer<typeof remoteLoadError>;

/** A remote page that loaded, for the per-release page count (and the tab's release, see TAB_HEADER). */
export const remotePageLoad = z.strictObject({
  remote: remoteName,
  version: releaseVersion.nullable(),
  tab: tabId.optional(),
});
