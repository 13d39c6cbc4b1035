import { json, mockFetch } from '../../../scripts/jest/fetchMock';
import { checkSharedUsage } from './checkSharedUsage';

const HOST = {
  needs: { '@mantine/core': ['Button'] },
  provides: { '@mantine/core': ['Button', 'Table'], 'react-router-dom': ['Link'] },
};

describe('checkSharedUsage', () => {
  let fetched: ReturnType<typeof mockFetch>;
  afterEach(() => fetched.restore());

  it('admits a remote that needs only what the host provides', async () => {
    fetched = mockFetch(({ url }) =>
      url.endsWith('/shared-usage.json') && !url.includes('/remotes/')
        ? json(200, HOST)
        : json(200, { needs: { '@mantine/core': ['Table'], 'react-router-dom': ['Link'] }, provides: {} }),
    );
    await expect(
      checkSharedUsage('remote_leads', '/remotes/leads/mf-manifest.json'),
    ).resolves.toBeUndefined();
    expect(fetched.calls.map((call) => new URL(call.url, 'http://localhost').pathname).sort()).toEqual([
      '/remotes/leads/shared-usage.json',
      '/shared-usage.json',
    ]);
  });

  it('refuses a remote that needs an export the host build left out, naming it', async () => {
    fetched = mockFetch(({ url }) =>
      url.includes('/v2/')
        ? json(200, {
            needs: { '@mantine/core': ['Table', 'Drawer'], 'react-router-dom': ['useMatch'] },
            provides: {},
          })
        : json(200, HOST),
    );
    await expect(
      checkSharedUsage('remote_sync', 'https://cdn.example.com/v2/mf-manifest.json'),
    ).rejects.toThrow(
      'remote_sync uses parts of the shared libraries that this host build does not provide (@mantine/core: Drawer; react-router-dom: useMatch). Rebuild and deploy the host to include them.',
    );
  });

  it('checks nothing where a build has no usage file (development servers)', async () => {
    fetched = mockFetch(() => json(404));
    await expect(
      checkSharedUsage('remote_admin', '/remotes/admin/mf-manifest.json'),
    ).resolves.toBeUndefined();
  });

  it('reads the remote again on a retry, so a fixed remote is admitted', async () => {
    let remoteNeeds = ['Drawer'];
    fetched = mockFetch(({ url }) =>
      url.includes('/remotes/scheduling/')
        ? json(200, { needs: { '@mantine/core': remoteNeeds }, provides: {} })
        : json(200, HOST),
    );
    await expect(
      checkSharedUsage('remote_scheduling', '/remotes/scheduling/mf-manifest.json'),
    ).rejects.toThrow('Drawer');
    remoteNeeds = ['Table'];
    await expect(
      checkSharedUsage('remote_scheduling', '/remotes/scheduling/mf-manifest.json'),
    ).rejects.toThrow('Drawer');
    await expect(
      checkSharedUsage('remote_scheduling', '/remotes/scheduling/mf-manifest.json', true),
    ).resolves.toBeUndefined();
  });
});
