import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_MANIFEST, REMOTE_NAMES } from '@auditdesk/shared/core';
import { REMOTE_PAGES } from '../host/src/remotes/remotePages';
import { REMOTES } from '../server/src/platform/config/remotes';
import { settingsSchema } from '../server/src/platform/config/settingsSchema';
import { devServerSettings, ROOT, WEB_APPS } from './apps';

interface FederatedApp {
  dir: string;
  name: string;
  port: number;
  exposes?: Record<string, string>;
}

/** What an app's webpack config builds: its name, dev port and exposed modules. */
function webpackApp(folder: string): FederatedApp {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(path.join(ROOT, folder, 'webpack.config.cjs')) as { app: FederatedApp }).app;
}

const pages = REMOTE_MANIFEST.flatMap((remote) => remote.pages.map((page) => ({ remote, page })));

describe('the remote manifest (shared/src/contract/remoteManifest.ts) and what derives from it', () => {
  it('names each remote, folder, URL path, dev port, route and exposed module once', () => {
    const once = (values: unknown[]) => expect(new Set(values).size).toBe(values.length);
    once(REMOTE_MANIFEST.map((remote) => remote.name));
    once(REMOTE_MANIFEST.map((remote) => remote.folder));
    once(REMOTE_MANIFEST.map((remote) => remote.path));
    once(WEB_APPS.map((app) => app.devPort));
    once(pages.map(({ page }) => page.route));
    for (const remote of REMOTE_MANIFEST) once(remote.pages.map((page) => page.module));
  });

  it("is drawn in the README's shape: every remote with each page's module and route", () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const shape = readme.slice(readme.indexOf('## Shape'), readme.indexOf('| folder'));
    for (const remote of REMOTE_MANIFEST) {
      expect(shape).toContain(`─► ${remote.folder} `);
      for (const page of remote.pages)
        expect([page.module, new RegExp(`${page.module}\\s+${page.route}\\n`).test(shape)]).toEqual([
          page.module,
          true,
        ]);
    }
  });

  it('every exposed module is a file of its remote with a default export (the page)', () => {
    for (const { remote, page } of pages) {
      const file = path.join(ROOT, remote.folder, page.file);
      expect([page.module, fs.existsSync(file)]).toEqual([page.module, true]);
      expect([page.module, /export default /.test(fs.readFileSync(file, 'utf8'))]).toEqual([
        page.module,
        true,
      ]);
    }
  });

  it('each webpack config builds its app from it: name, dev port, exposed modules', () => {
    expect(webpackApp('host')).toMatchObject({ name: 'host', port: WEB_APPS[0]!.devPort });
    expect(webpackApp('host').exposes).toBeUndefined();
    for (const remote of REMOTE_MANIFEST) {
      const app = webpackApp(remote.folder);
      expect(app).toMatchObject({
        name: remote.name,
        port: remote.devPort,
        dir: path.join(ROOT, remote.folder),
      });
      expect(app.exposes).toEqual(Object.fromEntries(remote.pages.map((page) => [page.module, page.file])));
    }
  });

  it('the host routes to exactly what each remote exposes, and the server requires it of a release', () => {
    for (const remote of REMOTES) {
      const routed = REMOTE_PAGES.filter((page) => page.remote === remote.name).map((page) => page.module);
      const built = Object.keys(webpackApp(remote.folder).exposes ?? {});
      expect([remote.name, [...remote.exposes].sort()]).toEqual([remote.name, routed.sort()]);
      expect([remote.name, [...remote.exposes].sort()]).toEqual([remote.name, built.sort()]);
    }
    expect(REMOTE_PAGES.map((page) => page.path).sort()).toEqual(pages.map(({ page }) => page.route).sort());
  });

  it('the server, the contract and pnpm dev/start know every remote', () => {
    expect(REMOTES.map((remote) => remote.name)).toEqual(REMOTE_NAMES);
    expect(WEB_APPS.map((app) => app.name)).toEqual([
      'host',
      ...REMOTE_MANIFEST.map((remote) => remote.folder),
    ]);
    for (const remote of REMOTES) {
      // a remote's pinning setting is declared (and documented) in the settings schema
      expect(Object.keys(settingsSchema.shape)).toContain(remote.setting);
      expect(devServerSettings()[remote.setting]).toBe(`http://localhost:${remote.devPort}/mf-manifest.json`);
      expect(fs.existsSync(path.join(ROOT, remote.folder, 'package.json'))).toBe(true);
    }
  });
});
