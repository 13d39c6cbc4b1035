import { REMOTES } from '../../../server/src/config/remotes';
import { REMOTE_PAGES } from './remotePages';

describe('REMOTE_PAGES', () => {
  it('opens only modules the server requires of every release (its compatibility check)', () => {
    for (const page of REMOTE_PAGES) {
      const remote = REMOTES.find((entry) => entry.name === page.remote);
      expect([page.path, remote?.exposes.some((module) => module === page.module)]).toEqual([
        page.path,
        true,
      ]);
    }
    const routed = new Set(REMOTE_PAGES.map((page) => `${page.remote} ${page.module}`));
    for (const remote of REMOTES)
      for (const module of remote.exposes) expect(routed.has(`${remote.name} ${module}`)).toBe(true);
  });
});
