import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../testkit/testApp';
import { fakeRemoteBuild, fakeWebRoot, releasesOf } from '../../testkit/builders/releaseBuilds';

/** Issue 35, item 8: the release store never hands out what is outside a build. */
describe('the release store', () => {
  let t: TestApp;
  let webRoot: string;
  const cleanup: string[] = [];
  beforeAll(async () => {
    webRoot = fakeWebRoot();
    t = await createTestApp({ WEB_ROOT: webRoot }, { engine: 'sqlite' });
  });
  afterAll(async () => {
    await t.close();
    for (const dir of [webRoot, ...cleanup]) fs.rmSync(dir, { recursive: true, force: true });
  });

  const publish = (buildDir: string) =>
    releasesOf(t).publish({
      remote: 'remote_leads',
      packageVersion: '0.1.0',
      buildDir,
      commit: 'abc123',
      builtAt: '2026-11-26T08:00:00.000Z',
      notes: '',
    });

  it('refuses a build holding a link to the data folder, and keeps nothing of it', async () => {
    // <base>/dist/chunk-vendor.js -> ../data/jwt-secret, as in the report
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-linked-build-'));
    cleanup.push(base);
    fs.mkdirSync(path.join(base, 'data'));
    fs.writeFileSync(path.join(base, 'data', 'jwt-secret'), 'the-signing-key');
    const dist = path.join(base, 'dist');
    fs.cpSync(fakeRemoteBuild(), dist, { recursive: true });
    fs.symlinkSync('../data/jwt-secret', path.join(dist, 'chunk-vendor.js'));

    await expect(publish(dist)).rejects.toThrow(
      `chunk-vendor.js in ${dist} is a symbolic link: a release holds only the build's own files, nothing it points to.`,
    );
    // a linked folder is refused the same way, and so is a linked manifest (read before the copy)
    fs.rmSync(path.join(dist, 'chunk-vendor.js'));
    fs.symlinkSync(path.join(base, 'data'), path.join(dist, 'assets'));
    await expect(publish(dist)).rejects.toThrow(/^assets in .* is a symbolic link/);
    fs.rmSync(path.join(dist, 'assets'));
    fs.renameSync(path.join(dist, 'mf-manifest.json'), path.join(base, 'data', 'mf-manifest.json'));
    fs.symlinkSync(path.join(base, 'data', 'mf-manifest.json'), path.join(dist, 'mf-manifest.json'));
    await expect(publish(dist)).rejects.toThrow(/^mf-manifest.json in .* is a symbolic link/);

    expect(fs.readdirSync(t.config.releases.dir)).toEqual([]);
    expect(await t.app.inject({ url: '/api/releases' }).then((r) => r.statusCode)).toBe(401);
    expect((await releasesOf(t).overview()).remotes[0]!.releases).toEqual([]);
  });

  it('serves no dotfile and nothing whose real path leaves the store', async () => {
    const { version } = await publish(fakeRemoteBuild());
    const folder = path.join(t.config.releases.dir, 'leads', version);
    // as a store written before publishing refused links, or by hand, might hold
    fs.writeFileSync(path.join(t.dataDir, 'outside-secret'), 'the-signing-key');
    fs.symlinkSync(path.join(t.dataDir, 'outside-secret'), path.join(folder, 'chunk-vendor.js'));
    fs.symlinkSync('../../../outside-secret', path.join(folder, 'db.js'));
    fs.writeFileSync(path.join(t.config.releases.dir, '.hidden'), 'hidden');
    fs.writeFileSync(path.join(folder, '.env'), 'SECRET=1');
    fs.mkdirSync(path.join(folder, '.git'));
    fs.writeFileSync(path.join(folder, '.git', 'config'), '[core]');

    const get = (url: string) => t.app.inject({ url });
    expect((await get(`/releases/leads/${version}/remoteEntry.js`)).statusCode).toBe(200);
    for (const url of [
      `/releases/leads/${version}/chunk-vendor.js`,
      `/releases/leads/${version}/db.js`,
      '/releases/.hidden',
      '/releases/%2ehidden',
      `/releases/leads/${version}/.env`,
      `/releases/leads/${version}/.git/config`,
    ]) {
      const answer = await get(url);
      expect([url, answer.statusCode]).toEqual([url, 404]);
      expect(answer.body).not.toContain('the-signing-key');
    }
  });
});
