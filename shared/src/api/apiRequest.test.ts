import { fakeJwt } from '../../../scripts/jest/fakeJwt';
import { json, mockFetch } from '../../../scripts/jest/fetchMock';
import { authStore } from '../session/authStore';
import { apiRequest } from './apiRequest';

const user = { id: '1', email: 'a@example.com', name: 'A', role: 'User' as const };

function signIn(token: string, refreshToken: string | null = 'refresh-1') {
  authStore.getState().setSession({ token, refreshToken }, user);
}

describe('apiRequest', () => {
  let fetchMock: ReturnType<typeof mockFetch> | undefined;
  afterEach(() => {
    fetchMock?.restore();
    authStore.getState().clearSession();
  });

  it('sends JSON with credentials and the bearer token, and wraps the answer', async () => {
    signIn('t.o.k');
    fetchMock = mockFetch(() => json(200, { ok: 1 }));

    const result = await apiRequest('/leads', { method: 'POST', body: { a: 1 } });

    expect(result).toEqual({ success: true, status: 200, data: { ok: 1 } });
    const [call] = fetchMock.calls;
    expect(call?.url).toBe('/api/leads');
    expect(call?.headers.get('authorization')).toBe('Bearer t.o.k');
    expect(call?.headers.get('content-type')).toBe('application/json');
    expect(call?.body).toEqual({ a: 1 });
  });

  it('never sends a development token to the server', async () => {
    signIn('dev-token-admin');
    fetchMock = mockFetch(() => json(200, []));
    await apiRequest('/leads');
    expect(fetchMock.calls[0]?.headers.has('authorization')).toBe(false);
  });

  it('reports a failed status with the spec text and keeps the server explanation', async () => {
    fetchMock = mockFetch(() => json(409, { title: 'Conflict', detail: 'A sync is already running.' }));
    const result = await apiRequest('/sync/execute', { method: 'POST' });
    expect(result).toMatchObject({
      success: false,
      status: 409,
      error: 'HTTP error! status: 409',
      problem: { detail: 'A sync is already running.' },
    });
  });

  it("keeps the status line of a failure that is not problem details (a proxy's page)", async () => {
    fetchMock = mockFetch(
      () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    expect(await apiRequest('/user/list')).toMatchObject({
      success: false,
      status: 502,
      problem: { status: 502, title: 'Bad Gateway' },
    });
  });

  it('reports a network failure with its message', async () => {
    fetchMock = mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await apiRequest('/leads')).toEqual({ success: false, error: 'Failed to fetch' });
  });

  it('reports a success answer that is not JSON', async () => {
    fetchMock = mockFetch(() => new Response('<html>', { status: 200 }));
    expect(await apiRequest('/leads')).toMatchObject({
      success: false,
      error: 'Server returned invalid JSON response',
    });
  });

  it("reads a file's text when a file is asked for; its failure is still problem details", async () => {
    signIn('t.o.k');
    fetchMock = mockFetch(() => new Response('BEGIN:VCALENDAR\r\n', { status: 200 }));
    const file = await apiRequest('/scheduling/agenda.ics', { accept: 'text/calendar' });
    expect(file).toEqual({ success: true, status: 200, data: 'BEGIN:VCALENDAR\r\n' });
    expect(fetchMock.calls[0]?.headers.get('accept')).toBe('text/calendar');
    fetchMock.restore();
    fetchMock = mockFetch(() => json(400, { title: 'Bad Request', detail: 'Choose an auditor.' }));
    expect(await apiRequest('/scheduling/agenda.ics', { accept: 'text/calendar' })).toMatchObject({
      success: false,
      status: 400,
      problem: { detail: 'Choose an auditor.' },
    });
  });

  it('refreshes once on a 401 and retries with the new token', async () => {
    signIn('old.to.ken');
    fetchMock = mockFetch(({ url, headers }) => {
      if (url === '/api/auth/refresh')
        return json(200, { accessToken: 'new.to.ken', refreshToken: 'refresh-2' });
      return headers.get('authorization') === 'Bearer new.to.ken' ? json(200, ['lead']) : json(401);
    });

    const result = await apiRequest('/leads');

    expect(result).toMatchObject({ success: true, data: ['lead'] });
    expect(fetchMock.calls.map((call) => call.url)).toEqual([
      '/api/leads',
      '/api/auth/refresh',
      '/api/leads',
    ]);
    expect(fetchMock.calls[1]?.body).toEqual({ refreshToken: 'refresh-1' });
    expect(authStore.getState()).toMatchObject({ token: 'new.to.ken', refreshToken: 'refresh-2' });
  });

  it('shares one refresh among 20 concurrent calls with an expired token', async () => {
    signIn(fakeJwt(-60));
    const fresh = fakeJwt(900);
    fetchMock = mockFetch(async ({ url, headers }) => {
      if (url === '/api/auth/refresh') {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return json(200, { access_token: fresh, refresh_token: 'refresh-2' });
      }
      return headers.get('authorization') === `Bearer ${fresh}` ? json(200, { url }) : json(401);
    });

    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => apiRequest(`/leads/${i}`)));

    expect(results.every((result) => result.success)).toBe(true);
    expect(fetchMock.calls.filter((call) => call.url === '/api/auth/refresh')).toHaveLength(1);
  });

  it('ends the session when the retry is refused too', async () => {
    signIn('a.b.c');
    fetchMock = mockFetch(({ url }) =>
      url === '/api/auth/refresh' ? json(200, { accessToken: 'd.e.f', refreshToken: 'r2' }) : json(401),
    );

    const result = await apiRequest('/leads');

    expect(result).toMatchObject({ success: false, error: 'Authentication required' });
    expect(authStore.getState().status).toBe('anonymous');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('ends the session without a retry when the refresh is refused', async () => {
    signIn('a.b.c');
    fetchMock = mockFetch(() => json(401));
    const result = await apiRequest('/leads');
    expect(result.error).toBe('Authentication required');
    expect(fetchMock.calls.map((call) => call.url)).toEqual(['/api/leads', '/api/auth/refresh']);
    expect(authStore.getState().status).toBe('anonymous');
  });

  it('does not try to refresh after a 401 on a session call', async () => {
    signIn('a.b.c');
    fetchMock = mockFetch(() => json(401));
    await apiRequest('/auth/logout', { method: 'POST' });
    expect(fetchMock.calls).toHaveLength(1);
    expect(authStore.getState().status).toBe('anonymous');
  });
});

describe('development fallback', () => {
  let fetchMock: ReturnType<typeof mockFetch> | undefined;
  afterEach(() => {
    fetchMock?.restore();
    authStore.getState().clearSession();
  });

  it.each([401, 404, 405, 502, 503, 504])(
    'answers sample data to a dev-token session when the server (or the dev proxy) says %i',
    async (status) => {
      signIn('dev-token-admin');
      fetchMock = mockFetch(() => json(status));
      const result = await apiRequest<unknown[]>('/leads?excludeCalendarNotFormatted=true');
      expect(result.success).toBe(true);
      expect(result.data?.length).toBeGreaterThan(0);
      expect(authStore.getState().status).toBe('authenticated'); // no refresh dance for a dev token
    },
  );

  it('answers sample data when the server is unreachable', async () => {
    signIn('dev-token-admin');
    fetchMock = mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect((await apiRequest('/sync/status')).data).toMatchObject({
      isRunning: false,
      lastSync: expect.any(String),
    });
  });

  it("says 'No mock data available for {path}' when it has no sample", async () => {
    signIn('dev-token-admin');
    fetchMock = mockFetch(() => json(404));
    expect(await apiRequest('/resources/unknown')).toEqual({
      success: false,
      error: 'No mock data available for /resources/unknown',
    });
  });

  it('never applies to a real session', async () => {
    signIn('real.jwt.token');
    fetchMock = mockFetch(() => json(404));
    expect(await apiRequest('/leads')).toMatchObject({
      success: false,
      status: 404,
      error: 'HTTP error! status: 404',
    });
  });
});

describe('a development session with no server behind the dev server', () => {
  afterEach(() => {
    jest.restoreAllMocks();
    jest.useRealTimers();
    authStore.getState().clearSession();
  });

  it('takes the sample data once the server has not answered for a second', async () => {
    jest.useFakeTimers();
    authStore.getState().setSession({ token: 'dev-token-admin', refreshToken: null }, user);
    // a port that accepts but never answers: only the abort ends the call
    jest
      .spyOn(globalThis, 'fetch')
      .mockImplementation(
        (_input, init) =>
          new Promise((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
          ),
      );
    let settled: unknown;
    void apiRequest<unknown[]>('/leads').then((result) => (settled = result));
    await jest.advanceTimersByTimeAsync(999);
    expect(settled).toBeUndefined();
    await jest.advanceTimersByTimeAsync(2);
    await jest.runAllTimersAsync();
    expect(settled).toMatchObject({ success: true, status: 200 });
    expect(((settled as { data: unknown[] }).data ?? []).length).toBeGreaterThanOrEqual(50);
  });

  it('a real session waits as long as the server takes', async () => {
    jest.useFakeTimers();
    signIn('t.o.k');
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      (_input, init) =>
        new Promise((resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
          setTimeout(() => resolve(json(200, { ok: 1 })), 5000);
        }),
    );
    const pending = apiRequest('/sync/execute', { method: 'POST' });
    await jest.advanceTimersByTimeAsync(5001);
    expect(await pending).toEqual({ success: true, status: 200, data: { ok: 1 } });
  });
});
