import { fakeJwt } from '../../../scripts/jest/fakeJwt';
import { json, mockFetch } from '../../../scripts/jest/fetchMock';
import { authStore } from '../session/authStore';
import { login } from './login';

describe('login', () => {
  let fetchMock: ReturnType<typeof mockFetch> | undefined;
  afterEach(() => {
    fetchMock?.restore();
    authStore.getState().clearSession();
  });

  it('stores the tokens and the current user', async () => {
    const token = fakeJwt(900);
    fetchMock = mockFetch(({ url }) =>
      url === '/api/auth/login'
        ? json(200, { access_token: token, refresh_token: 'r1' })
        : json(200, { id: 1, email: 'admin@example.com', fullName: 'Ada Admin', role: 'Admin' }),
    );

    const outcome = await login('admin@example.com', 'correct horse');

    expect(outcome).toEqual({
      ok: true,
      user: { id: '1', email: 'admin@example.com', name: 'Ada Admin', role: 'Admin' },
    });
    expect(fetchMock.calls[0]?.body).toEqual({ email: 'admin@example.com', password: 'correct horse' });
    expect(fetchMock.calls[1]?.headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(authStore.getState()).toMatchObject({ status: 'authenticated', token, refreshToken: 'r1' });
  });

  it('falls back to the e-mail local part and role User when the profile cannot be read', async () => {
    fetchMock = mockFetch(({ url }) =>
      url === '/api/auth/login' ? json(200, { access_token: fakeJwt(900), refresh_token: 'r' }) : json(500),
    );
    const outcome = await login('jo.smith@example.com', 'pw');
    expect(outcome).toEqual({
      ok: true,
      user: { id: 'jo.smith@example.com', email: 'jo.smith@example.com', name: 'jo.smith', role: 'User' },
    });
  });

  it("refuses a token that is not three dot-separated parts: 'Invalid token format'", async () => {
    fetchMock = mockFetch(() => json(200, { access_token: 'opaque', refresh_token: 'r' }));
    expect(await login('a@example.com', 'pw')).toEqual({ ok: false, error: 'Invalid token format' });
    expect(authStore.getState().status).toBe('anonymous');
  });

  it("shows the server's reason, or 'Login failed'", async () => {
    fetchMock = mockFetch(() => json(401, { detail: 'Invalid e-mail or password.' }));
    expect(await login('a@example.com', 'bad')).toEqual({ ok: false, error: 'Invalid e-mail or password.' });
    fetchMock.restore();
    fetchMock = mockFetch(() => new Response('oops', { status: 502 }));
    expect(await login('a@example.com', 'bad')).toEqual({ ok: false, error: 'Login failed' });
  });
});
