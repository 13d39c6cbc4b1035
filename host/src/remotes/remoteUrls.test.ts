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
});
