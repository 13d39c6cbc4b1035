import fs from 'node:fs';
import path from 'node:path';
import { ENGINES } from '../../testkit/engines';
import {
  fakeRemoteBuild,
  fakeWebRoot,
  releasesOf,
  type FakeBuildOptions,
} from '../../testkit/builders/releaseBuilds';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';

describe.each(ENGINES)('remote releases on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let webRoot: string;

  async function start(env: Record<string, string> = {}) {
    webRoot = fakeWebRoot();
    t = await createTestApp({ WEB_ROOT: webRoot, ...env }, { engine });
    admin = (await t.login()).access_token;
  }
  afterEach(async () => {
    await t.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  /** What `pnpm release` does: publish a build into the store, with its record. */
  async function publish(build: FakeBuildOptions = {}, remote = 'remote_leads' as const, notes = '') {
    return releasesOf(t).publish({
      remote,
      packageVersion: '0.1.0',
      buildDir: fakeRemoteBuild(build),
      commit: 'abc123',
      builtAt: '2026-11-26T08:00:00.000Z',
      notes,
    });
  }
  const overview = async () =>
    (await t.app.inject({ url: '/api/releases', headers: bearer(admin) })).json() as {
      remotes: {
        remote: string;
        live: { version: string; by: string } | null;
        pinnedUrl: string | null;
        releases: { version: string; live: boolean; notes: string; commit: string }[];
        changes: { action: string; fromVersion: string | null; toVersion: string | null; by: string }[];
      }[];
    };
  const leads = async () => (await overview()).remotes.find((entry) => entry.remote === 'remote_leads')!;
  const remotesJson = async () =>
    (await t.app.inject({ url: '/remotes.json' })).json() as Record<string, string>;
  const promote = (version: string, remote = 'remote_leads') =>
    t.app.inject({
      method: 'POST',
      url: `/api/releases/${remote}/promote`,
      headers: bearer(admin),
      payload: { version },
    });
  const rollback = (remote = 'remote_leads') =>
    t.app.inject({ method: 'POST', url: `/api/releases/${remote}/rollback`, headers: bearer(admin) });

  it('publishes numbered, immutable releases, served with the right cache headers, not live until promoted', async () => {
    await start();
    expect(await publish({ text: 'first' }, 'remote_leads', 'The first one')).toEqual({
      version: '0.1.0-1',
      manifestUrl: '/releases/leads/0.1.0-1/mf-manifest.json',
    });
    expect((await publish({ text: 'second' })).version).toBe('0.1.0-2');

    const manifest = await t.app.inject({ url: '/releases/leads/0.1.0-1/mf-manifest.json' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(
      (await t.app.inject({ url: '/releases/leads/0.1.0-1/remoteEntry.js' })).headers['cache-control'],
    ).toBe('no-cache');
    const chunk = await t.app.inject({ url: '/releases/leads/0.1.0-2/1.0a1b2c3d.js' });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(chunk.body).toContain('second');
    expect((await t.app.inject({ url: '/releases/leads/0.1.0-1/1.0a1b2c3d.js' })).body).toContain('first');
    // source maps are never published
    expect((await t.app.inject({ url: '/releases/leads/0.1.0-1/1.0a1b2c3d.js.map' })).statusCode).toBe(404);

    const entry = await leads();
    expect(entry.live).toBeNull();
    expect(
      entry.releases.map((release) => [release.version, release.live, release.notes, release.commit]),
    ).toEqual([
      ['0.1.0-2', false, '', 'abc123'],
      ['0.1.0-1', false, 'The first one', 'abc123'],
    ]);
    expect((await remotesJson()).remote_leads).toBe('/remotes/leads/mf-manifest.json');
  });

  it('promotes after the check: /remotes.json follows at once, the change is recorded and the admins are told', async () => {
    await start();
    await publish();
    await publish();
    const answer = await promote('0.1.0-2');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().live).toMatchObject({ version: '0.1.0-2', by: 'admin@example.com' });
    expect(await remotesJson()).toMatchObject({
      remote_leads: '/releases/leads/0.1.0-2/mf-manifest.json',
      remote_sync: '/remotes/sync/mf-manifest.json',
    });
    const bell = (await t.app.inject({ url: '/api/notifications', headers: bearer(admin) })).json();
    expect(bell.items[0]).toMatchObject({
      kind: 'release-promoted',
      title: 'Leads release promoted: 0.1.0-2',
      message: 'admin@example.com changed remote_leads from the built-in build to 0.1.0-2.',
      link: '/releases',
    });

    expect((await promote('0.1.0-1')).statusCode).toBe(200);
    expect((await leads()).changes).toEqual([
      expect.objectContaining({ action: 'promote', fromVersion: '0.1.0-2', toVersion: '0.1.0-1' }),
      expect.objectContaining({ action: 'promote', fromVersion: null, toVersion: '0.1.0-2' }),
    ]);
    expect((await promote('0.1.0-9')).statusCode).toBe(404);
  });

  it('rolls back to the release before the live one, then to the built-in build, then refuses', async () => {
    await start();
    await publish();
    await publish();
    await promote('0.1.0-2');
    const back = await rollback();
    expect(back.statusCode).toBe(200);
    expect(back.json().live.version).toBe('0.1.0-1');
    expect((await remotesJson()).remote_leads).toBe('/releases/leads/0.1.0-1/mf-manifest.json');
    expect((await rollback()).json().live).toBeNull();
    expect((await remotesJson()).remote_leads).toBe('/remotes/leads/mf-manifest.json');
    const nothing = await rollback();
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().detail).toBe(
      'remote_leads runs its built-in build: there is nothing to roll back.',
    );
    const bell = (await t.app.inject({ url: '/api/notifications', headers: bearer(admin) })).json();
    expect(bell.items[0]).toMatchObject({
      kind: 'release-rolled-back',
      title: 'Leads rolled back: the built-in build',
    });
  });

  it('refuses an incompatible release with what is missing, and leaves the live version alone', async () => {
    await start();
    await publish();
    await promote('0.1.0-1');
    await publish({
      sharedVersion: '0.2.0',
      needs: { '@mantine/core': ['Button', 'Drawer'] },
      exposes: ['./SomethingElse'],
    });
    const refused = await promote('0.1.0-2');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().problems).toEqual([
      'It does not expose ./LeadsPage, which the host opens.',
      'It needs @auditdesk/shared 0.2.0; the live host provides 0.1.0.',
      'It uses exports the live host does not provide: @mantine/core: Drawer.',
    ]);
    expect((await remotesJson()).remote_leads).toBe('/releases/leads/0.1.0-1/mf-manifest.json');
    expect((await leads()).changes).toHaveLength(1);
  });

  it('refuses a release whose manifest no longer loads from the store', async () => {
    await start();
    await publish();
    fs.rmSync(path.join(t.config.releases.dir, 'leads', '0.1.0-1', 'mf-manifest.json'));
    const refused = await promote('0.1.0-1');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().problems).toEqual([
      'Its manifest does not load from /releases/leads/0.1.0-1/mf-manifest.json.',
    ]);
  });

  it('refuses every release while the live host was built before releases (no manifest to compare)', async () => {
    await start();
    fs.rmSync(path.join(webRoot, 'host', 'dist', 'mf-manifest.json'));
    fs.writeFileSync(path.join(webRoot, 'host', 'dist', 'index.html'), '<!doctype html>');
    await publish();
    expect((await promote('0.1.0-1')).json().problems).toEqual([
      'The live host build has no mf-manifest.json to check releases against (it was built before releases existed): build and deploy the host again (pnpm build), then promote.',
    ]);
  });

  it('keeps a pinned remote on its setting, and says so', async () => {
    await start({ REMOTE_LEADS_URL: 'https://cdn.example.com/leads/mf-manifest.json' });
    await publish();
    await promote('0.1.0-1');
    expect((await remotesJson()).remote_leads).toBe('https://cdn.example.com/leads/mf-manifest.json');
    expect((await leads()).pinnedUrl).toBe('https://cdn.example.com/leads/mf-manifest.json');
  });

  it('keeps the newest releases and the live one, removing older ones with their files', async () => {
    await start({ RELEASES_KEEP: '2' });
    await publish();
    await promote('0.1.0-1');
    await publish();
    await publish();
    await publish();
    expect((await leads()).releases.map((release) => release.version)).toEqual([
      '0.1.0-4',
      '0.1.0-3',
      '0.1.0-1',
    ]);
    expect(fs.existsSync(path.join(t.config.releases.dir, 'leads', '0.1.0-2'))).toBe(false);
    expect((await t.app.inject({ url: '/releases/leads/0.1.0-1/remoteEntry.js' })).statusCode).toBe(200);
    // a number is never given twice
    expect((await publish()).version).toBe('0.1.0-5');
  });

  it('counts page loads and failed loads per release over the last day', async () => {
    await start();
    await publish();
    await promote('0.1.0-1');
    const report = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(admin), payload });
    expect(
      (await report('/api/releases/page-loads', { remote: 'remote_leads', version: '0.1.0-1' })).statusCode,
    ).toBe(204);
    await report('/api/releases/page-loads', { remote: 'remote_leads', version: '0.1.0-1' });
    const failed = await report('/api/releases/load-errors', {
      remote: 'remote_leads',
      version: '0.1.0-1',
      phase: 'manifest',
      error: 'Failed to fetch',
      route: '/leads',
    });
    expect(failed.statusCode).toBe(204);
    expect(
      (await report('/api/releases/load-errors', { remote: 'remote_leads', phase: 'nowhere' })).statusCode,
    ).toBe(400);
    expect((await leads()).releases[0]).toMatchObject({ version: '0.1.0-1', pageLoads: 2, loadFailures: 1 });
  });
});
