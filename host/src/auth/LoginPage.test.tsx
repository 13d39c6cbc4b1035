import { authStore } from '@auditdesk/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeJwt } from '../../../scripts/jest/fakeJwt';
import { json, mockFetch } from '../../../scripts/jest/fetchMock';
import { renderRoutes } from '@auditdesk/shared/testing';
import { LoginPage } from './LoginPage';

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/scheduling', element: <p>scheduling page</p> },
];

describe('LoginPage', () => {
  it('offers identity-provider sign-in that comes back to /auth/callback', () => {
    renderRoutes(routes, '/login');
    expect(screen.getByRole('link', { name: 'Sign in with Google' })).toHaveAttribute(
      'href',
      `/api/auth/google-login?returnUrl=${encodeURIComponent('http://localhost/auth/callback')}`,
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
