import path from 'node:path';
import { REMOTE_PAGES } from '../host/src/remotes/remotePages';
import { REMOTES } from '../server/src/platform/config/remotes';

/** The modules a remote's webpack config exposes. */
function exposedBy(folder: string): string[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const config = require(path.join(__dirname, '..', folder, 'webpack.config.cjs')) as {
    app: { exposes: Record<string, string> };
  };
  return Object.keys(config.app.exposes);
}

describe('what a release must expose (server/src/platform/config/remotes.ts)', () => {
  it('is exactly what the host routes to, and what each remote builds', () => {
    for (const remote of REMOTES) {
      const routed = REMOTE_PAGES.filter((page) => page.remote === remote.name).map((page) => page.module);
      expect([remote.name, [...remote.exposes].sort()]).toEqual([remote.name, routed.sort()]);
      expect([remote.name, [...remote.exposes].sort()]).toEqual([
        remote.name,
        exposedBy(remote.folder).sort(),
      ]);
    }
  });
});
