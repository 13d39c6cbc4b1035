import type { HubBackplane } from '../realtime/backplane/hubBackplane';

/** The backplane channel on which an instance tells the others that a live version changed. */
export const LIVE_CHANGED_CHANNEL = 'releases:live-changed';
/** How long an instance answers /remotes.json from memory without asking the database. */
export const LIVE_CACHE_MS = 5_000;
/** How often an instance looks for changes it was not told about (the command line's, without Redis). */
export const LIVE_POLL_MS = 15_000;

/** Where the host loads a remote from, and which release that is (null: not a release). */
export interface LiveRemote {
  url: string;
  version: string | null;
}

export interface LiveRemotesOptions {
  /** Each remote's entry as the database has it now. */
  read: () => Promise<Record<string, LiveRemote>>;
  /** Other instances (Redis); null: this process is the only one. */
  backplane: HubBackplane | null;
  /** A remote's URL changed since this instance last looked: tell its open tabs. */
  changed: (remote: string, live: LiveRemote) => void;
  /** What /remotes.json answers while the database cannot be read and nothing was read before. */
  fallback: Record<string, string>;
  cacheMs?: number;
  pollMs?: number;
}

/**
 * What /remotes.json answers, kept briefly in memory. A promotion on any instance drops it on
 * every instance through the backplane; each instance then reads the database again and
 * tells its own tabs about what changed (so a change made from the command line, which reaches
 * no tab itself, is told too; without Redis, at the next read after the cache time).
 */
export function createLiveRemotes({
  read,
  backplane,
  changed,
  fallback,
  cacheMs = LIVE_CACHE_MS,
  pollMs = LIVE_POLL_MS,
}: LiveRemotesOptions) {
  let current: Promise<Record<string, string>> | null = null;
  let readAt = 0;
  let known: Record<string, LiveRemote> | null = null;

  function refresh(): Promise<Record<string, string>> {
    readAt = Date.now();
    const reading = read().then((entries) => {
      const before = known;
      known = entries;
      if (before) {
        for (const [remote, live] of Object.entries(entries))
          if (before[remote]?.url !== live.url) changed(remote, live);
      }
      return Object.fromEntries(Object.entries(entries).map(([remote, live]) => [remote, live.url]));
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
     * The live map; while the database cannot be read, the last one read (or the settings'),
     * so remotes still load: a database outage must not blank every page.
     */
    urls(): Promise<Record<string, string>> {
      const answer = !current || Date.now() - readAt >= cacheMs ? refresh() : current;
      return answer.catch(() =>
        known
          ? Object.fromEntries(Object.entries(known).map(([remote, live]) => [remote, live.url]))
          : fallback,
      );
    },

    stop(): void {
      clearInterval(poll);
      backplane?.leave(LIVE_CHANGED_CHANNEL);
    },

    /** This instance changed a live version: read again here, and tell the other instances. */
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
