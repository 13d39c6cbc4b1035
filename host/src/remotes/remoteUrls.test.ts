import { json, mockFetch } from '../../../scripts/jest/fetchMock';

/** A JWT as the server signs them, for a person, valid for a while (its signature is not read here). */
const tokenFor = (userId: number, expiresInS = 600) =>
  `x.${btoa(JSON.stringify({ sub: String(userId), exp: Math.floor(Date.now() / 1000) + expiresInS }))}.y`;

describe('remoteUrls', () => {
  afterEach(() => localStorage.clear());

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

  it('asks as the signed-in person, again for another one, and names the tab once it has loaded a remote', async () => {
    await jest.isolateModulesAsync(async () => {
      const { remoteUrls, refreshTokensWith } = await import('./remoteUrls');
      const { loaded } = await import('./registeredRemotes');
      const { TAB_ID } = await import('./tabId');
      const fetchMock = mockFetch(() => json(200, { remote_leads: '/remotes/leads/mf-manifest.json' }));
      localStorage.setItem('token', tokenFor(1));
      await remoteUrls();
      await remoteUrls();
      loaded.add('remote_leads');
      localStorage.setItem('token', tokenFor(2));
      await remoteUrls();
      // a token that ran out is refreshed first, once the shell can
      localStorage.setItem('token', tokenFor(3, -10));
      refreshTokensWith(async () => {
        localStorage.setItem('token', tokenFor(3));
        return true;
      });
      await remoteUrls();
      expect(
        fetchMock.calls.map((call) => [
          call.headers.get('authorization'),
          call.headers.get('x-auditdesk-tab'),
        ]),
      ).toEqual([
        [`Bearer ${tokenFor(1)}`, null],
        [`Bearer ${tokenFor(2)}`, TAB_ID],
        [`Bearer ${tokenFor(3)}`, TAB_ID],
      ]);
      expect(TAB_ID).toMatch(/^[0-9a-f]{32}$/);
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
