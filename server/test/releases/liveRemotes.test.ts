import { createLiveRemotes } from '../../src/features/releases/liveRemotes';
import type { ReleaseState, RemoteState } from '../../src/features/releases/stages/releaseState';

const remote = (url: string, version: string | null = null): RemoteState => {
  const builtIn = { version: null, url: '/remotes/leads/mf-manifest.json', notes: '' };
  return {
    pinned: null,
    builtIn,
    live: version ? { version, url, notes: '' } : builtIn,
    promotion: null,
    stage: null,
    previews: {},
    releases: {},
  };
};
const stateWith = (leads: RemoteState) => ({ remote_leads: leads }) as unknown as ReleaseState;

describe('createLiveRemotes', () => {
  it('answers from memory for its cache time, and tells each change once', async () => {
    let state = stateWith(remote('/remotes/leads/mf-manifest.json'));
    const first = state;
    const read = jest.fn(async () => state);
    const changed = jest.fn();
    const remotes = createLiveRemotes({ read, backplane: null, changed, cacheMs: 60_000, pollMs: 60_000 });
    await remotes.ready();
    state = stateWith(remote('/releases/leads/0.1.0-1/mf-manifest.json', '0.1.0-1'));
    expect(await remotes.state()).toBe(first);
    await remotes.invalidate();
    expect(await remotes.state()).toBe(state);
    expect(changed.mock.calls).toEqual([[first, state, expect.any(Number)]]);
    expect(read).toHaveBeenCalledTimes(2);
    remotes.stop();
  });

  it('keeps answering while the database cannot be read: the last state, or none before any', async () => {
    let failing = true;
    const state = stateWith(remote('/releases/leads/0.1.0-2/mf-manifest.json', '0.1.0-2'));
    const read = jest.fn(async () => {
      if (failing) throw new Error('database away');
      return state;
    });
    const remotes = createLiveRemotes({
      read,
      backplane: null,
      changed: () => {},
      cacheMs: 0,
      pollMs: 60_000,
    });
    expect(await remotes.state()).toBeNull();
    failing = false;
    expect(await remotes.state()).toBe(state);
    failing = true;
    expect(await remotes.state()).toBe(state);
    remotes.stop();
  });
});
