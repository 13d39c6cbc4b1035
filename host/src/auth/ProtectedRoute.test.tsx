import { authStore } from '@auditdesk/shared';
import { act, screen } from '@testing-library/react';
import { renderRoutes } from '@auditdesk/shared/testing';
import { ProtectedRoute } from './ProtectedRoute';

const routes = [
  { path: '/login', element: <p>login page</p> },
  { element: <ProtectedRoute />, children: [{ path: '/leads', element: <p>leads page</p> }] },
];
const user = { id: '1', email: 'a@example.com', name: 'A', role: 'User' as const };

describe('ProtectedRoute', () => {
  afterEach(() => act(() => authStore.getState().clearSession()));

  it("shows 'Loading...' while the session is being checked, then the page", () => {
    authStore.setState({ status: 'loading' });
    renderRoutes(routes, '/leads');
    expect(screen.getByText('Loading...')).toBeInTheDocument();

    act(() => authStore.getState().setSession({ token: 'a.b.c', refreshToken: null }, user));
    expect(screen.getByText('leads page')).toBeInTheDocument();
  });

  it('sends a visitor without a session to /login', () => {
    const { router } = renderRoutes(routes, '/leads');
    expect(screen.getByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends the user to /login when the session ends while on a page', () => {
    authStore.getState().setSession({ token: 'a.b.c', refreshToken: null }, user);
    renderRoutes(routes, '/leads');
    act(() => authStore.getState().clearSession());
    expect(screen.getByText('login page')).toBeInTheDocument();
  });
});
