import type { RemoteName } from '@auditdesk/shared/core';
import { inAudience, type Person, type StoredAudience } from './audience';

/** A build the host can load: a release (version) or not (null: built in, or pinned by a setting). */
export interface Offered {
  version: string | null;
  url: string;
  notes: string;
}

export interface Stage extends Offered {
  id: number;
  version: string;
  audience: StoredAudience;
  /** The audience as stored: a change of the stage applies only if it is still this. */
  audienceText: string;
  by: string;
  startedAt: string;
}

export interface Preview extends Offered {
  version: string;
  expiresAt: string;
}

/** Where one remote stands: what everyone gets, what a stage or a preview gives some. */
export interface RemoteState {
  /** A REMOTE_*_URL setting: everyone gets it, whatever is released. */
  pinned: Offered | null;
  /** The build the server serves itself (/remotes/<name>/). */
  builtIn: Offered;
  live: Offered;
  /** The newest promotion, while it is the newest change of the live version (for the watch). */
  promotion: { version: string; fromVersion: string | null; at: string } | null;
  stage: Stage | null;
  /** By user id. */
  previews: Record<string, Preview>;
  /** Each release still in the store, with its notes. */
  releases: Record<string, Offered>;
}

export type ReleaseState = Record<RemoteName, RemoteState>;

/** What one person (or tab) gets of a remote. */
export interface Answer extends Offered {
  /** Set while this is the person's own preview. */
  previewUntil: string | null;
}

/**
 * The release of a remote a person gets (DESIGN.md section 26): a pinning setting first, then
 * their own unexpired preview, then a stage they are in, then the live release. Anonymous
 * pages get the live one.
 */
export function answerFor(
  state: RemoteState,
  remote: RemoteName,
  person: Person | null,
  now = Date.now(),
): Answer {
  if (state.pinned) return { ...state.pinned, previewUntil: null };
  if (person) {
    const preview = state.previews[String(person.id)];
    if (preview && Date.parse(preview.expiresAt) > now)
      return {
        version: preview.version,
        url: preview.url,
        notes: preview.notes,
        previewUntil: preview.expiresAt,
      };
    const { stage } = state;
    if (stage && inAudience(stage.audience, person, remote, stage.version))
      return { version: stage.version, url: stage.url, notes: stage.notes, previewUntil: null };
  }
  return { ...state.live, previewUntil: null };
}

/** Every remote's answer for a person. */
export function answersFor(
  state: ReleaseState,
  person: Person | null,
  now = Date.now(),
): Record<RemoteName, Answer> {
  return Object.fromEntries(
    Object.entries(state).map(([remote, entry]) => [
      remote,
      answerFor(entry, remote as RemoteName, person, now),
    ]),
  ) as Record<RemoteName, Answer>;
}

/**
 * The releases a tab has loaded (remote → version, null for a build that is not a release)
 * stay its own: /remotes.json answers them again, as long as the store still has them.
 */
export function withTabReleases(
  state: ReleaseState,
  answers: Record<RemoteName, Answer>,
  loaded: ReadonlyMap<RemoteName, string | null>,
): Record<RemoteName, Answer> {
  const kept = { ...answers };
  for (const [remote, version] of loaded) {
    const entry = state[remote];
    if (!entry || entry.pinned) continue;
    const release = version === null ? null : entry.releases[version];
    if (version !== null && !release) continue; // pruned: its files are gone
    kept[remote] = { ...(release ?? entry.builtIn), previewUntil: null };
  }
  return kept;
}
