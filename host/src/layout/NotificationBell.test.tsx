import type { Notification, NotificationsPage } from '@auditdesk/shared';
import { fakeSyncHub, renderRoutes } from '@auditdesk/shared/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch } from '../../../scripts/jest/fetchMock';
import { NotificationBell } from './NotificationBell';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const note = (id: number, overrides: Partial<Notification> = {}): Notification => ({
  id,
  kind: 'sync-succeeded',
  severity: 'success',
  title: `Sync finished ${id}`,
  message: 'Synced 12 events: 2 created, 0 updated, 0 deleted.',
  link: '/sync',
  createdAt: minutesAgo(5),
  read: false,
  ...overrides,
});

const page = (items: Notification[]): NotificationsPage => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
  unreadCount: items.filter((item) => !item.read).length,
});

/** A server that keeps the read flags, as the real one does. */
function server(initial: Notification[]) {
  let items = initial;
  return mockFetch(({ url, method, body }) => {
    if (method === 'GET' && url.startsWith('/api/notifications')) return json(200, page(items));
    if (method === 'POST' && url === '/api/notifications/read') {
      const which = body as { ids?: number[]; all?: true };
      items = items.map((item) =>
        which.all || which.ids?.includes(item.id) ? { ...item, read: true } : item,
      );
      return json(200, { unreadCount: items.filter((item) => !item.read).length });
    }
    return json(404, { title: 'Not Found', status: 404 });
  });
}

function renderBell(hub = fakeSyncHub(), liveAfterMs = 0) {
  const result = renderRoutes(
    [
      { path: '/leads', element: <NotificationBell client={hub.client} liveAfterMs={liveAfterMs} /> },
      { path: '/sync', element: <p>sync screen</p> },
      { path: '/user-management', element: <p>user management</p> },
    ],
    '/leads',
  );
  return { ...result, hub };
}

describe('NotificationBell', () => {
  let fetchMock: ReturnType<typeof mockFetch> | undefined;
  afterEach(() => fetchMock?.restore());

  it('shows the unread count and the newest notifications, newest first', async () => {
    fetchMock = server([
      note(2, { createdAt: minutesAgo(2) }),
      note(1, { read: true, createdAt: minutesAgo(90) }),
    ]);
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications (1 unread)' });
    await userEvent.click(bell);
    const items = await screen.findAllByRole('button', { name: /^Sync finished/ });
    // the name is what the item shows (title, unread, message, time), never a different label
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Sync finished 2 \(unread\)/),
      expect.stringMatching(/^Sync finished 1(?! \(unread\))/),
    ]);
    expect(items.every((item) => !item.hasAttribute('aria-label'))).toBe(true);
    expect(screen.getByText('2 min ago')).toBeInTheDocument();
    expect(screen.getByText('1 h ago')).toBeInTheDocument();
  });

  it('keeps the keyboard inside while open; Escape closes it and gives focus back to the bell', async () => {
    fetchMock = server([note(2), note(1)]);
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications (2 unread)' });
    bell.focus();
    await userEvent.keyboard('{Enter}');
    const popover = await screen.findByRole('dialog', { name: /^Notifications/ });
    await waitFor(() => expect(popover).toContainElement(document.activeElement as HTMLElement));
    for (let i = 0; i < 5; i += 1) {
      await userEvent.tab();
      expect(popover).toContainElement(document.activeElement as HTMLElement);
    }
    await userEvent.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /^Notifications/ })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(document.activeElement).toBe(bell));
  });

  it('says so when there is nothing unread', async () => {
    fetchMock = server([note(1, { read: true })]);
    renderBell();
    await waitFor(() => expect(fetchMock?.calls).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('You are all caught up.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('opening a notification marks it read and goes where it belongs', async () => {
    fetchMock = server([
      note(3, {
        kind: 'access-granted',
        severity: 'info',
        title: 'Access granted',
        link: '/user-management',
      }),
    ]);
    const { router } = renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications (1 unread)' }));
    await userEvent.click(await screen.findByRole('button', { name: /^Access granted \(unread\)/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-management'));
    expect(fetchMock.calls.find((call) => call.method === 'POST')?.body).toEqual({ ids: [3] });
  });

  it('Mark all as read clears the badge', async () => {
    fetchMock = server([note(1), note(2)]);
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications (2 unread)' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(fetchMock.calls.find((call) => call.method === 'POST')?.body).toEqual({ all: true });
    expect(screen.getByText('You are all caught up.')).toBeInTheDocument();
  });

  it('a notification pushed over the hub shows at once, once', async () => {
    fetchMock = server([note(1, { read: true })]);
    const { hub } = renderBell();
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(hub.connection.start).toHaveBeenCalled());
    const failed = note(7, { kind: 'sync-failed', severity: 'error', title: 'Sync failed' });
    act(() => hub.connection.emit('NotificationAdded', failed));
    act(() => hub.connection.emit('NotificationAdded', failed)); // told twice (reconnect): counted once
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications (1 unread)' }));
    expect(await screen.findByRole('button', { name: /^Sync failed \(unread\)/ })).toBeInTheDocument();
  });

  it('opens the live connection only after the page had time to load, then reads the list again', async () => {
    fetchMock = server([note(1, { read: true })]);
    const { hub } = renderBell(fakeSyncHub(), 300);
    await screen.findByRole('button', { name: 'Notifications' });
    expect(hub.connection.start).not.toHaveBeenCalled();
    await waitFor(() => expect(hub.connection.start).toHaveBeenCalled());
    await waitFor(() =>
      expect(fetchMock!.calls.filter((call) => call.url.startsWith('/api/notifications'))).toHaveLength(2),
    );
  });

  it('says when the list could not be loaded', async () => {
    fetchMock = mockFetch(() => json(500, { title: 'Internal Server Error', status: 500 }));
    renderBell();
    await waitFor(() => expect(fetchMock?.calls.length).toBeGreaterThan(0));
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Notifications could not be loaded.')).toBeInTheDocument();
  });
});
