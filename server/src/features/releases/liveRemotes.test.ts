import { createLiveRemotes, type LiveRemote } from './liveRemotes';

const entry = (url: string, version: string | null = null): LiveRemote => ({ url, version });

describe('createLiveRemotes', () => {
  it('answers from memory for its cache time, and tells each change once', async () => {
    let live: Record<string, LiveRemote> = { remote_leads: entry('/remotes/leads/mf-manifest.json') };
    const read = jest.fn(async () => live);
    const changed = jest.fn();
    const remotes = createLiveRemotes({
      read,
      backplane: null,
      changed,
      fallback: {},
      cacheMs: 60_000,
      pollMs: 60_000,
    });
    await remotes.ready();
    live = { remote_leads: entry('/releases/leads/0.1.0-1/mf-manifest.json', '0.1.0-1') };
    expect(await remotes.urls()).toEqual({ remote_leads: '/remotes/leads/mf-manifest.json' });
    await remotes.invalidate();
    expect(await remotes.urls()).toEqual({ remote_leads: '/releases/leads/0.1.0-1/mf-manifest.json' });
    expect(changed.mock.calls).toEqual([['remote_leads', live.remote_leads]]);
    expect(read).toHaveBeenCalledTimes(2);
    remotes.stop();
  });

  it('keeps answering while the database cannot be read: the last map, or the settings before any', async () => {
    let failing = true;
    const read = jest.fn(async () => {
      if (failing) throw new Error('database away');
      return { remote_leads: entry('/releases/leads/0.1.0-2/mf-manifest.json', '0.1.0-2') };
    });
    const fallback = { remote_leads: '/remotes/leads/mf-manifest.json' };
    const remotes = createLiveRemotes({
      read,
      backplane: null,
      changed: () => {},
      fallback,
      cacheMs: 0,
      pollMs: 60_000,
    });
    expect(await remotes.urls()).toEqual(fallback);
    failing = false;
    expect(await remotes.urls()).toEqual({ remote_leads: '/releases/leads/0.1.0-2/mf-manifest.json' });
    failing = true;
    expect(await remotes.urls()).toEqual({ remote_leads: '/releases/leads/0.1.0-2/mf-manifest.json' });
    remotes.stop();
  });
});
