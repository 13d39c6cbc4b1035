import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../testkit/testApp';

/** A folder shaped like the built workspace: host/dist and each remote's dist. */
function fakeBuild(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-web-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write('host/dist/index.html', '<!doctype html><title>Auditdesk</title>');
  write('host/dist/main.js', 'console.log("host")');
  write('host/dist/620.08477066.js', 'console.log("chunk")');
  write('host/dist/620.08477066.js.map', '{"version":3,"sourcesContent":["secret source"]}');
  for (const name of ['leads', 'scheduling', 'sync', 'admin']) {
    write(`remote-${name}/dist/mf-manifest.json`, JSON.stringify({ name: `remote_${name}` }));
    write(`remote-${name}/dist/remoteEntry.js`, 'var remote;');
    write(`remote-${name}/dist/106.b0f2fc39.js`, 'chunk();');
    write(`remote-${name}/dist/106.b0f2fc39.js.map`, '{"version":3,"sourcesContent":["secret source"]}');
  }
  return root;
}

describe('production web serving', () => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = fakeBuild();
    t = await createTestApp({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://auditdesk.example.com',
      WEB_ROOT: webRoot,
      LOG_LEVEL: 'silent',
      REMOTE_SYNC_URL: 'https://sync.cdn.example.com/v2/mf-manifest.json',
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  const get = (url: string, accept = '*/*') => t.app.inject({ url, headers: { accept } });

  it('serves /remotes.json from the settings, same origin by default', async () => {
    const response = await get('/remotes.json');
    // each person may have their own stage's release: no shared cache keeps one person's answer
    expect(response.headers['cache-control']).toBe('no-cache, private');
    expect(response.json()).toEqual({
      remote_leads: '/remotes/leads/mf-manifest.json',
      remote_scheduling: '/remotes/scheduling/mf-manifest.json',
      remote_sync: 'https://sync.cdn.example.com/v2/mf-manifest.json',
      remote_admin: '/remotes/admin/mf-manifest.json',
    });
  });

  it('serves the host page at / and for every client route', async () => {
    for (const url of ['/', '/scheduling', '/resources/redis', '/no/such/page']) {
      const response = await get(url, 'text/html,application/xhtml+xml');
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Auditdesk</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('keeps API and asset misses as 404s', async () => {
    expect((await get('/api/nope', 'text/html')).statusCode).toBe(404);
    expect((await get('/remotes/leads/missing.js')).statusCode).toBe(404);
    expect((await get('/missing.js')).statusCode).toBe(404);
  });

  it('serves remote entry files no-cache and hashed chunks immutable, readable cross-origin', async () => {
    const manifest = await get('/remotes/leads/mf-manifest.json');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    expect((await get('/remotes/admin/remoteEntry.js')).headers['cache-control']).toBe('no-cache');
    const chunk = await get('/remotes/sync/106.b0f2fc39.js');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/620.08477066.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/main.js')).headers['cache-control']).toBe('no-cache');
  });

  it('never serves a source map, even one left in a served folder', async () => {
    for (const url of [
      '/620.08477066.js.map',
      '/620.08477066.JS.MAP',
      '/remotes/leads/106.b0f2fc39.js.map',
    ]) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('secret source');
    }
    expect((await get('/620.08477066.js')).statusCode).toBe(200);
  });

  it('sends a CSP that admits the configured remote origins and nothing else', async () => {
    const csp = (await get('/', 'text/html')).headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self' https://sync.cdn.example.com");
    expect(csp).toContain("connect-src 'self' https://sync.cdn.example.com");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('*');
  });
});

describe('development mode', () => {
  it('leaves web serving to the dev servers but still answers /remotes.json', async () => {
    const t = await createTestApp({
      NODE_ENV: 'development',
      LOG_LEVEL: 'silent',
      REMOTE_LEADS_URL: 'http://localhost:3001/mf-manifest.json',
    });
    expect((await t.app.inject({ url: '/remotes.json' })).json().remote_leads).toBe(
      'http://localhost:3001/mf-manifest.json',
    );
    expect((await t.app.inject({ url: '/leads', headers: { accept: 'text/html' } })).statusCode).toBe(404);
    await t.close();
  });
});
