import { authStore } from '@auditdesk/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeJwt } from '../../../scripts/jest/fakeJwt';
import { json, mockFetch } from '../../../scripts/jest/fetchMock';
import { renderRoutes } from '@auditdesk/shared/testing';
import { preloadRemotePage } from '../remotes/preloadRemotePage';
import { LoginPage } from './LoginPage';
import { ProtectedRoute } from './ProtectedRoute';

// the remote's own loading is the federation runtime's (tested in e2e); here: that it starts
jest.mock('../remotes/preloadRemotePage');

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/scheduling', element: <p>scheduling page</p> },
  { element: <ProtectedRoute />, children: [{ path: '/leads', element: <p>leads page</p> }] },
];

/** The server's answers: sign-in options with or without a provider, then a sign-in. */
const server = (identityProvider: string | null) =>
  mockFetch(({ url }) =>
    url === '/api/auth/options'
      ? json(200, { passwordResetByEmail: false, identityProvider })
      : url === '/api/auth/login'
        ? json(200, { access_token: fakeJwt(900), refresh_token: 'r' })
        : json(200, { id: 1, email: 'admin@example.com', fullName: 'Ada', role: 'Admin' }),
  );

const providerStart = (next?: string) => {
  const callback = new URL('http://localhost/auth/callback');
  if (next) callback.searchParams.set('next', next);
  return `/api/auth/google-login?returnUrl=${encodeURIComponent(callback.href)}`;
};

describe('LoginPage', () => {
  it('offers identity-provider sign-in, by the name the server gives, that comes back to /auth/callback', async () => {
    fetchMock = server('Google');
    renderRoutes(routes, '/login');
    expect(await screen.findByRole('link', { name: 'Sign in with Google' })).toHaveAttribute(
      'href',
      providerStart(),
    );
  });

  it('offers no identity-provider sign-in when the server has none (it could only fail)', async () => {
    fetchMock = server(null);
    renderRoutes(routes, '/login');
    await waitFor(() => expect(fetchMock?.calls.map((call) => call.url)).toContain('/api/auth/options'));
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.queryByRole('link', { name: /^Sign in with/ })).not.toBeInTheDocument();
    expect(screen.queryByText('or with your e-mail')).not.toBeInTheDocument();
  });

  const OPENED = '/leads?f.status=%3DScheduled&sort=-scheduledDate&view=1#first';

  it('opens the link that was opened signed out (path, query and hash) after a password sign-in', async () => {
    fetchMock = server(null);
    const { router } = renderRoutes(routes, OPENED);
    expect(router.state.location.pathname).toBe('/login');

    await userEvent.type(screen.getByLabelText(/Email/), 'admin@example.com');
    await userEvent.type(screen.getByLabelText(/Password/), 'a long password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('leads page')).toBeInTheDocument();
    const { pathname, search, hash } = router.state.location;
    expect(`${pathname}${search}${hash}`).toBe(OPENED);
  });

  it("starts loading the landing page's remote as soon as the sign-in succeeds (the person's token known)", async () => {
    fetchMock = server(null);
    renderRoutes(routes, OPENED);
    await userEvent.type(screen.getByLabelText(/Email/), 'admin@example.com');
    await userEvent.type(screen.getByLabelText(/Password/), 'a long password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('leads page')).toBeInTheDocument();
    expect(preloadRemotePage).toHaveBeenCalledWith('/leads');
  });

  it("gives the identity provider's return the same link to open", async () => {
    fetchMock = server('Google');
    renderRoutes(routes, OPENED);
    expect(await screen.findByRole('link', { name: 'Sign in with Google' })).toHaveAttribute(
      'href',
      providerStart(OPENED),
    );
  });

  it('lands on /scheduling when /login was opened by itself', async () => {
    fetchMock = server('Google');
    renderRoutes(routes, '/login');
    expect(await screen.findByRole('link', { name: 'Sign in with Google' })).toHaveAttribute(
      'href',
      providerStart(),
    );
  });

  it("shows the dismissible 'Access Denied' banner for an error parameter", async () => {
    const { router } = renderRoutes(routes, '/login?error=access_denied');
    expect(screen.getByRole('alert')).toHaveTextContent('Access Denied');
    expect(screen.getByRole('alert')).toHaveTextContent('Please contact your administrator for access.');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Access Denied')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('shows the banner for a stored login error, and dismissing forgets it', async () => {
    act(() => authStore.getState().setLoginError('Authentication failed. Please try again.'));
    renderRoutes(routes, '/login');
    expect(screen.getByText('Access Denied')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Authentication failed. Please try again.');
    expect(screen.queryByText('Please contact your administrator for access.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Access Denied')).not.toBeInTheDocument();
    expect(localStorage.getItem('loginError')).toBeNull();
  });

  let fetchMock: ReturnType<typeof mockFetch> | undefined;
  afterEach(() => {
    fetchMock?.restore();
    act(() => authStore.getState().clearSession());
  });

  it('requires both e-mail and password', () => {
    renderRoutes(routes, '/login');
    expect(screen.getByLabelText(/Email/)).toBeRequired();
    expect(screen.getByLabelText(/Password/)).toBeRequired();
  });

  it('signs in and lands on /scheduling', async () => {
    fetchMock = mockFetch(({ url }) =>
      url === '/api/auth/login'
        ? json(200, { access_token: fakeJwt(900), refresh_token: 'r' })
        : json(200, { id: 1, email: 'admin@example.com', fullName: 'Ada', role: 'Admin' }),
    );
    const { router } = renderRoutes(routes, '/login');

    await userEvent.type(screen.getByLabelText(/Email/), 'admin@example.com');
    await userEvent.type(screen.getByLabelText(/Password/), 'a long password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('scheduling page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/scheduling');
  });

  it("shows the server's reason when sign-in fails and stays on the page", async () => {
    fetchMock = mockFetch(() => json(401, { detail: 'Invalid e-mail or password.' }));
    renderRoutes(routes, '/login');

    await userEvent.type(screen.getByLabelText(/Email/), 'admin@example.com');
    await userEvent.type(screen.getByLabelText(/Password/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid e-mail or password.');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });
});
