import type { RemoteName } from '@auditdesk/shared/core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { remoteNamed } from '../../src/platform/config/remotes';
import { createNotificationsRepository } from '../../src/features/notifications/notificationsRepository';
import { createNotifier } from '../../src/features/notifications/notifier';
import { createReleasesFor } from '../../src/features/releases/releaseServices';
import type { TestApp } from '../testApp';

/** A shared library entry of a federation manifest; `fromHost`: the build bundles none of its own. */
function sharedEntry(name: string, version: string, requiredVersion = version, fromHost = false) {
  return {
    id: `x:${name}`,
    name,
    version,
    singleton: true,
    requiredVersion,
    assets: { js: { sync: fromHost ? [] : ['1.0a1b2c3d.js'], async: [] }, css: { sync: [], async: [] } },
  };
}

export interface FakeBuildOptions {
  name?: string;
  exposes?: string[];
  /** The @auditdesk/shared version the build requires of the host. */
  sharedVersion?: string;
  /** What it needs of the tree-shaken libraries. */
  needs?: Record<string, string[]>;
  /** A text in its page chunk, to tell builds apart. */
  text?: string;
}

/**
 * A remote's build folder as the webpack config writes it (manifest, shared-usage.json,
 * entry, a hashed chunk), small enough to publish in a test.
 */
export function fakeRemoteBuild({
  name = 'remote_leads',
  exposes = ['./LeadsPage'],
  sharedVersion = '0.1.0',
  needs = { '@mantine/core': ['Button'] },
  text = 'first',
}: FakeBuildOptions = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-build-'));
  const manifest = {
    id: name,
    name,
    metaData: { name, remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, publicPath: 'auto' },
    shared: [
      sharedEntry('@auditdesk/shared', sharedVersion, sharedVersion, true),
      sharedEntry('react', '18.3.1', '18.3.1', true),
      sharedEntry('dayjs', '1.11.23'),
    ],
    remotes: [],
    exposes: exposes.map((expose) => ({
      id: `${name}:${expose.slice(2)}`,
      name: expose.slice(2),
      path: expose,
    })),
  };
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  fs.writeFileSync(path.join(dir, 'shared-usage.json'), JSON.stringify({ needs, provides: {} }));
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `var ${name} = {};`);
  fs.writeFileSync(path.join(dir, '1.0a1b2c3d.js'), `console.log(${JSON.stringify(text)});`);
  fs.writeFileSync(path.join(dir, '1.0a1b2c3d.js.map'), '{"sources":["secret.ts"]}');
  return dir;
}

/**
 * A web root whose host build provides @auditdesk/shared 0.1.0, react 18.3.1 and of
 * @mantine/core only Button and Table: the live host the check compares a release with.
 */
export function fakeWebRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-web-'));
  const dist = path.join(root, 'host', 'dist');
  fs.mkdirSync(dist, { recursive: true });
  fs.writeFileSync(
    path.join(dist, 'mf-manifest.json'),
    JSON.stringify({
      id: 'host',
      name: 'host',
      metaData: { name: 'host', remoteEntry: { name: '', path: '', type: 'global' } },
      shared: [sharedEntry('@auditdesk/shared', '0.1.0'), sharedEntry('react', '18.3.1')],
      remotes: [],
      exposes: [],
    }),
  );
  fs.writeFileSync(
    path.join(dist, 'shared-usage.json'),
    JSON.stringify({ needs: {}, provides: { '@mantine/core': ['Button', 'Table'] } }),
  );
  return root;
}

/** The releases services of a test app, as `pnpm release` builds them. */
export function releaseServicesOf(t: TestApp) {
  const notifier = createNotifier(createNotificationsRepository(t.db), t.users);
  return createReleasesFor(t.config, t.db, notifier, t.users, () => undefined);
}

/** The releases service of a test app, as `pnpm release` builds it. */
export const releasesOf = (t: TestApp) => releaseServicesOf(t).releases;

/** Publishes a fitting build of a remote (what `pnpm release` does) and, with `live`, promotes it. */
export async function publishedRelease(
  t: TestApp,
  remote: RemoteName,
  { live = false, build = {} }: { live?: boolean; build?: FakeBuildOptions } = {},
) {
  const releases = releasesOf(t);
  const published = await releases.publish({
    remote,
    packageVersion: '0.1.0',
    buildDir: fakeRemoteBuild({ name: remote, exposes: [...remoteNamed(remote).exposes], ...build }),
    commit: 'abc123',
    builtAt: '2026-11-26T08:00:00.000Z',
    notes: '',
  });
  if (live) await releases.promote(remote, published.version, 'test');
  return published;
}
