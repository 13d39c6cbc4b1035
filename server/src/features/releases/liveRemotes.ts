import type { HubBackplane } from '../realtime/backplane/hubBackplane';
import type { ReleaseState } from './stages/releaseState';

/** The backplane channel on which an instance tells the others that a release changed. */
export const LIVE_CHANGED_CHANNEL = 'releases:live-changed';
/** How long an instance answers /remotes.json from memory without asking the database. */
export const LIVE_CACHE_MS = 5_000;
/** How often an instance looks for changes it was not told about (the command line's, without Redis; previews running out). */
export const LIVE_POLL_MS = 15_000;

export interface LiveRemotesOptions {
  /** Where each remote stands now: live, staged, previewed (one query). */
  read: () => Promise<ReleaseState>;
  /** Other instances (Redis); null: this process is the only one. */
  backplane: HubBackplane | null;
  /**
   * The state this instance knew (read at `beforeAt`) was followed by another: tell this
   * instance's tabs whose release changed.
   */
  changed: (before: ReleaseState, after: ReleaseState, beforeAt: number) => void;
  cacheMs?: number;
  pollMs?: number;
}

/**
 * What /remotes.json answers from, kept briefly in memory. A change on any instance drops it
 * on every instance through the backplane; each instance then reads the database again and
 * tells its own tabs about what changed for their people (so a change made from the command
 * line, which reaches no tab itself, is told too; without Redis, at the next read after the
 * cache time, or the poll).
 */
export function createLiveRemotes({
  read,
  backplane,
  changed,
  cacheMs = LIVE_CACHE_MS,
  pollMs = LIVE_POLL_MS,
}: LiveRemotesOptions) {
  let current: Promise<ReleaseState> | null = null;
  let readAt = 0;
  let known: { state: ReleaseState; at: number } | null = null;

  function refresh(): Promise<ReleaseState> {
    readAt = Date.now();
    const startedAt = readAt;
    const reading = read().then((state) => {
      const before = known;
      known = { state, at: startedAt };
      if (before) changed(before.state, state, before.at);
      return state;
    });
    current = reading;
    reading.catch(() => {
      if (current === reading) current = null; // a failed read is not kept
    });
    return reading;
  }

  backplane?.onMessage((channel) => {
    if (channel === LIVE_CHANGED_CHANNEL) void refresh().catch(() => undefined);
  });
  const joined = backplane?.join(LIVE_CHANGED_CHANNEL);
  const poll = setInterval(() => void refresh().catch(() => undefined), pollMs);
  poll.unref();

  return {
    /** Resolves once this instance hears the others' changes. */
    ready: async () => {
      await joined;
      await refresh().catch(() => undefined);
    },

    /**
     * The state; while the database cannot be read, the last one read (null before any), so
     * remotes still load: a database outage must not blank every page.
     */
    state(): Promise<ReleaseState | null> {
      const answer = !current || Date.now() - readAt >= cacheMs ? refresh() : current;
      return answer.catch(() => known?.state ?? null);
    },

    stop(): void {
      clearInterval(poll);
      backplane?.leave(LIVE_CHANGED_CHANNEL);
    },

    /** This instance changed a release: read again here, and tell the other instances. */
    invalidate(): Promise<void> {
      backplane?.publish(LIVE_CHANGED_CHANNEL, '{}');
      return refresh().then(
        () => undefined,
        () => undefined,
      );
    },
  };
}

export type LiveRemotes = ReturnType<typeof createLiveRemotes>;
