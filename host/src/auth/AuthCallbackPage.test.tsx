import { authStore } from '@auditdesk/shared';
import { act, screen } from '@testing-library/react';
import { json, mockFetch } from '../../../scripts/jest/fetchMock';
import { renderRoutes } from '@auditdesk/shared/testing';
import { AuthCallbackPage, CALLBACK_FAILED } from './AuthCallbackPage';
import { AuthErrorPage } from './AuthErrorPage';
import { LoginPage } from './LoginPage';

const routes = [
  { path: '/auth/callback', element: <AuthCallbackPage /> },
  { path: '/auth/error', element: <AuthErrorPage /> },
  { path: '/login', element: <p>login page</p> },
  { path: '/scheduling', element: <p>scheduling page</p> },
  { path: '/leads', element: <p>leads page</p> },
];

describe('AuthCallbackPage', () => {
  let fetchMock: ReturnType<typeof mockFetch> | undefined;
  afterEach(() => {
    fetchMock?.restore();
    act(() => authStore.getState().clearSession());
  });

  const exchange = {
    access_token: 'a.b.c',
    refresh_token: 'r1',
    user: 'kim@example.com',
    name: 'Kim',
    token_type: 'Bearer',
    expires_in: 900,
  };

  it('trades the one-time code for the session, stores the profile, then goes to /scheduling', async () => {
    fetchMock = mockFetch(({ url }) =>
      url === '/api/auth/exchange'
        ? json(200, exchange)
        : json(200, { id: 9, email: 'kim@example.com', fullName: 'Kim Lee', role: 'Manager' }),
    );
    renderRoutes(routes, '/auth/callback?code=one-time');

    expect(await screen.findByText('scheduling page')).toBeInTheDocument();
    expect(fetchMock.calls[0]).toMatchObject({ url: '/api/auth/exchange', body: { code: 'one-time' } });
    expect(authStore.getState()).toMatchObject({
      status: 'authenticated',
      token: 'a.b.c',
      refreshToken: 'r1',
      user: { id: '9', name: 'Kim Lee', role: 'Manager' },
    });
  });

  it('opens the place the sign-in was started for (`next`), never one of another origin', async () => {
    const serve = () =>
      mockFetch(({ url }) =>
        url === '/api/auth/exchange'
          ? json(200, exchange)
          : json(200, { id: 9, email: 'kim@example.com', fullName: 'Kim Lee', role: 'Manager' }),
      );
    fetchMock = serve();
    const next = encodeURIComponent('/leads?f.status=%3DScheduled&view=1');
    const { router } = renderRoutes(routes, `/auth/callback?next=${next}&code=one-time`);
    expect(await screen.findByText('leads page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?f.status=%3DScheduled&view=1');

    for (const elsewhere of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      '%2F%2Fevil.example',
    ]) {
      fetchMock.restore();
      act(() => authStore.getState().clearSession());
      fetchMock = serve();
      const opened = renderRoutes(
        routes,
        `/auth/callback?next=${encodeURIComponent(elsewhere)}&code=one-time`,
      );
      expect(await screen.findByText('scheduling page')).toBeInTheDocument();
      expect(opened.router.state.location.pathname).toBe('/scheduling');
      opened.unmount();
    }
  });

  it('falls back to a User with the given name when the profile cannot be read', async () => {
    fetchMock = mockFetch(({ url }) => (url === '/api/auth/exchange' ? json(200, exchange) : json(500)));
    renderRoutes(routes, '/auth/callback?code=one-time');
    expect(await screen.findByText('scheduling page')).toBeInTheDocument();
    expect(authStore.getState().user).toEqual({
      id: 'kim@example.com',
      email: 'kim@example.com',
      name: 'Kim',
      role: 'User',
    });
  });

  it('ignores tokens put in the address by a crafted link', async () => {
    fetchMock = mockFetch(() => json(200, {}));
    renderRoutes(routes, '/auth/callback?token=a.b.c&refreshToken=r1&user=attacker@example.com');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(authStore.getState()).toMatchObject({
      status: 'anonymous',
      token: null,
      loginError: CALLBACK_FAILED,
    });
    expect(fetchMock.calls).toHaveLength(0);
  });

  it('stores the login error and goes to /login when the code is refused', async () => {
    fetchMock = mockFetch(() => json(400, { detail: 'This sign-in code is invalid, used or expired.' }));
    renderRoutes(routes, '/auth/callback?code=stale');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(authStore.getState().loginError).toBe(CALLBACK_FAILED);
  });

  it('the sign-in page then says why', async () => {
    renderRoutes(
      [...routes.filter((route) => route.path !== '/login'), { path: '/login', element: <LoginPage /> }],
      '/auth/callback',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Authentication failed. Please try again.');
  });
});

describe('AuthErrorPage', () => {
  it('shows the message, or a default, and a way back', () => {
    renderRoutes(routes, '/auth/error?message=Your%20access%20was%20revoked');
    expect(screen.getByRole('alert')).toHaveTextContent('Your access was revoked');
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/login');
  });

  it("defaults to 'Authentication failed'", () => {
    renderRoutes(routes, '/auth/error');
    expect(screen.getByRole('alert')).toHaveTextContent('Authentication failed');
  });
});
