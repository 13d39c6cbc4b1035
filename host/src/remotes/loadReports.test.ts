import { json, mockFetch } from '../../../scripts/jest/fetchMock';

describe('load reports', () => {
  it('tells each failed load once, with the release it was, the phase and the route', async () => {
    await jest.isolateModulesAsync(async () => {
      const { loadReportsPlugin } = await import('./loadReports');
      const { registered } = await import('./registeredRemotes');
      const { TAB_ID } = await import('./tabId');
      registered.set('remote_leads', '/releases/leads/0.1.0-2/mf-manifest.json');
      const fetched = mockFetch(() => json(204));
      window.history.pushState({}, '', '/leads');
      const plugin = loadReportsPlugin();
      const error = new Error('[ Federation Runtime ]: Failed to get manifest.');
      const emit = (lifecycle: string) =>
        (plugin.errorLoadRemote as (args: object) => unknown)({
          id: 'remote_leads/LeadsPage',
          error,
          from: 'runtime',
          lifecycle,
          origin: {},
        });
      expect(emit('afterResolve')).toBeUndefined(); // the load still fails: the route shows its panel
      emit('onLoad'); // the same failure, passed up: not told twice
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(
        fetched.calls.map((call) => [call.method, new URL(call.url, 'http://x').pathname, call.body]),
      ).toEqual([
        [
          'POST',
          '/api/releases/load-errors',
          {
            remote: 'remote_leads',
            version: '0.1.0-2',
            phase: 'manifest',
            error: '[ Federation Runtime ]: Failed to get manifest.',
            route: '/leads',
            tab: TAB_ID,
          },
        ],
      ]);
      fetched.restore();
    });
  });

  it('names the phase from the lifecycle step and the error', async () => {
    const { phaseOf } = await import('./loadReports');
    expect(phaseOf('beforeLoadShare', new Error('x'))).toBe('shared');
    expect(
      phaseOf('onLoad', new Error('[ Federation Runtime ]: RUNTIME-008 Failed to load script resources')),
    ).toBe('entry');
    expect(phaseOf('onLoad', new Error('Cannot find module ./LeadsPage'))).toBe('expose');
  });
});
