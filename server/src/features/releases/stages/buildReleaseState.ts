import { REMOTE_NAMES, type RemoteName } from '@auditdesk/shared/core';
import { parseStoredAudience } from './audience';
import type { Offered, ReleaseState, RemoteState } from './releaseState';
import type { StateRow } from './stagesRepository';

export interface StateSources {
  /** The remotes a REMOTE_*_URL setting pins, and where to. */
  pinned: Partial<Record<string, string>>;
  /** Where a release's manifest is fetched from. */
  releaseUrl: (remote: RemoteName, version: string) => string;
  /** Where the build the server serves itself is. */
  builtInUrl: (remote: RemoteName) => string;
}

/** Each remote's state from the rows of the one state query (StagesRepository.state). */
export function buildReleaseState(rows: readonly StateRow[], sources: StateSources): ReleaseState {
  const state = Object.fromEntries(
    REMOTE_NAMES.map((remote): [RemoteName, RemoteState] => {
      const pinnedUrl = sources.pinned[remote];
      const builtIn: Offered = { version: null, url: sources.builtInUrl(remote), notes: '' };
      return [
        remote,
        {
          pinned: pinnedUrl ? { version: null, url: pinnedUrl, notes: '' } : null,
          builtIn,
          live: builtIn,
          promotion: null,
          stage: null,
          previews: {},
          releases: {},
        },
      ];
    }),
  ) as ReleaseState;

  const offered = (remote: RemoteName, version: string): Offered =>
    state[remote].releases[version] ?? {
      version,
      url: sources.releaseUrl(remote, version),
      notes: '',
    };
  for (const row of rows)
    if (row.kind === 'release' && row.version && state[row.remote])
      state[row.remote].releases[row.version] = {
        version: row.version,
        url: sources.releaseUrl(row.remote, row.version),
        notes: row.detail ?? '',
      };
  for (const row of rows) {
    const entry = state[row.remote];
    if (!entry) continue;
    if (row.kind === 'live' && row.version) {
      entry.live = offered(row.remote, row.version);
      if (row.detail === 'promote')
        entry.promotion = { version: row.version, fromVersion: row.fromVersion, at: row.at! };
    } else if (row.kind === 'stage' && row.version && row.detail) {
      entry.stage = {
        ...offered(row.remote, row.version),
        version: row.version,
        id: Number(row.id),
        audience: parseStoredAudience(row.detail),
        audienceText: row.detail,
        by: row.who ?? '',
        startedAt: row.at!,
      };
    } else if (row.kind === 'preview' && row.version && row.who) {
      entry.previews[row.who] = {
        ...offered(row.remote, row.version),
        version: row.version,
        expiresAt: row.at!,
      };
    }
  }
  return state;
}
