import { json, mockFetch } from '../../../scripts/jest/fetchMock';

describe('remoteUrls', () => {
  it('reads /remotes.json once, and again after a failure', async () => {
    await jest.isolateModulesAsync(async () => {
      const { remoteUrls } = await import('./remoteUrls');
      let fail = true;
      const fetchMock = mockFetch(() =>
        fail ? json(503) : json(200, { remote_leads: '/remotes/leads/mf-manifest.json' }),
      );

      await expect(remoteUrls()).rejects.toThrow('/remotes.json answered HTTP 503.');
      fail = false;
      await expect(remoteUrls()).resolves.toEqual({ remote_leads: '/remotes/leads/mf-manifest.json' });
      await remoteUrls();

      expect(fetchMock.calls.map((call) => call.url)).toEqual(['/remotes.json', '/remotes.json']);
      fetchMock.restore();
    });
  });

  it('reads it again on a Retry, and lets a release the hub told of stand in until then', async () => {
    await jest.isolateModulesAsync(async () => {
      const { remoteUrls, remoteReleased, releaseVersionOf } = await import('./remoteUrls');
      const fetchMock = mockFetch(() => json(200, { remote_leads: '/remotes/leads/mf-manifest.json' }));
      await remoteUrls();
      remoteReleased('remote_leads', '/releases/leads/0.1.0-2/mf-manifest.json');
      await expect(remoteUrls()).resolves.toEqual({
        remote_leads: '/releases/leads/0.1.0-2/mf-manifest.json',
      });
      await expect(remoteUrls(true)).resolves.toEqual({ remote_leads: '/remotes/leads/mf-manifest.json' });
      expect(fetchMock.calls).toHaveLength(2);
      expect(releaseVersionOf('/releases/leads/0.1.0-2/mf-manifest.json')).toBe('0.1.0-2');
      expect(releaseVersionOf('/remotes/leads/mf-manifest.json')).toBeNull();
      fetchMock.restore();
    });
  });
});
