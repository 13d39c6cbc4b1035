import { authStore, type Role } from '@auditdesk/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { json, mockFetch } from '../../../scripts/jest/fetchMock';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '@auditdesk/shared/testing';
import { AppLayout } from './AppLayout';

function renderAs(role: Role) {
  authStore
    .getState()
    .setSession(
      { token: 'a.b.c', refreshToken: null },
      { id: '1', email: 'pat@example.com', name: 'Pat', role },
    );
  return renderRoutes(
    [
      { element: <AppLayout />, children: [{ path: '*', element: <p>page</p> }] },
      { path: '/login', element: <p>login page</p> },
    ],
    '/scheduling',
  );
}

describe('AppLayout', () => {
  afterEach(() => act(() => authStore.getState().clearSession()));

  it('shows the title, bell and the main links to everyone', () => {
    renderAs('User');
    expect(screen.getByText('Auditdesk')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    for (const name of ['Scheduling', 'Leads', 'Calendar Sync']) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(screen.queryByRole('link', { name: 'User Management' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Resources')).not.toBeInTheDocument();
  });

  it("offers 'Skip to main content' as the first Tab stop; it moves the focus to the page", async () => {
    renderAs('User');
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(screen.getByRole('main')).toContainElement(screen.getByText('page'));
  });

  it('gives admins User Management and the collapsible Resources group', async () => {
    renderAs('Admin');
    expect(screen.getByRole('link', { name: 'User Management' })).toHaveAttribute('href', '/user-management');
    expect(screen.queryByRole('link', { name: 'Redis' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Resources'));
    expect(screen.getByRole('link', { name: 'Redis' })).toHaveAttribute('href', '/resources/redis');
    expect(screen.getByRole('link', { name: 'CloudFlare D1' })).toHaveAttribute(
      'href',
      '/resources/cloudflare',
    );
  });

  it('widens while the pointer rests on the sidebar and folds when it leaves, even with no mouseout', async () => {
    renderAs('User');
    const sidebar = screen.getByTestId('sidebar');
    expect(sidebar).toHaveStyle({ width: '64px' });
    sidebar.dispatchEvent(new MouseEvent('mouseenter'));
    await waitFor(() => expect(sidebar).toHaveStyle({ width: '256px' }));
    // the browser sends mouseout to a link that was replaced meanwhile: only mouseleave arrives here
    act(() => void sidebar.dispatchEvent(new MouseEvent('mouseleave')));
    expect(sidebar).toHaveStyle({ width: '64px' });
  });

  it('opens the Resources group from the keyboard: Tab to it, then Enter', async () => {
    renderAs('Admin');
    const group = screen.getByRole('button', { name: 'Resources' });
    expect(group).toHaveAttribute('aria-expanded', 'false');
    for (let step = 0; step < 20 && document.activeElement !== group; step += 1) await userEvent.tab();
    expect(group).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(group).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Redis' })).toBeInTheDocument();
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'CloudFlare D1' })).toHaveFocus();
  });

  it('user menu shows e-mail and role, and Sign out ends the session', async () => {
    const fetchMock = mockFetch(({ url }) =>
      url.startsWith('/api/notifications')
        ? json(200, { items: [], total: 0, page: 1, pageSize: 20, unreadCount: 0 })
        : json(204),
    );
    renderAs('Manager');
    await userEvent.click(screen.getByRole('button', { name: /user menu/i }));
    expect(await screen.findByText('pat@example.com')).toBeInTheDocument();
    expect(screen.getByText('Manager')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toBeDisabled();

    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(authStore.getState().status).toBe('anonymous'));
    expect(screen.queryByRole('button', { name: /user menu/i })).not.toBeInTheDocument();
    const authCalls = fetchMock.calls.filter((call) => call.url.startsWith('/api/auth'));
    expect(authCalls.map((call) => call.url)).toEqual(['/api/auth/logout']);
    fetchMock.restore();
  });

  it('the toggle pins the sidebar open, labels the links and keeps the choice for the person', async () => {
    const fetchMock = mockFetch(({ url }) =>
      url.startsWith('/api/notifications')
        ? json(200, { items: [], total: 0, page: 1, pageSize: 20, unreadCount: 0 })
        : json(200, {}),
    );
    renderAs('User');
    expect(screen.queryByText('Calendar Sync')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(screen.getByText('Calendar Sync')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Collapse sidebar' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(fetchMock.calls.find((call) => call.method === 'PUT')).toMatchObject({
        url: '/api/preferences',
        body: { sidebarPinned: true },
      }),
    );
    fetchMock.restore();
  });
});
