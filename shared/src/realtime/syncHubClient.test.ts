import type { HubConnection } from '@microsoft/signalr';
import { fakeHubConnection as fakeConnection } from '../testing/fakeHubConnection';
import { authStore } from '../session/authStore';
import { HUB_CLOSE_REASONS } from '../contract/vocabulary';
import { createSyncHubClient, endSessionWhenAccessEnds } from './syncHubClient';

describe('syncHubClient', () => {
  it('connects once, joins the sync group and passes the events on', async () => {
    const connection = fakeConnection();
    const client = createSyncHubClient(async () => connection as unknown as HubConnection);
    const statuses: string[] = [];
    client.onStatus((status) => statuses.push(status));
    const started = jest.fn();
    client.on('StepStarted', started);

    await Promise.all([client.start(), client.start()]);
    await client.start();

    expect(connection.start).toHaveBeenCalledTimes(1);
    expect(connection.invoked).toEqual(['JoinSyncGroup']);
    expect(statuses).toEqual(['Connecting', 'Connected']);
    connection.emit('StepStarted', 'calendar', 'Reading events');
    expect(started).toHaveBeenCalledWith('calendar', 'Reading events');
  });

  it('joins the group again after a reconnect, and shows each state', async () => {
    const connection = fakeConnection();
    const client = createSyncHubClient(async () => connection as unknown as HubConnection);
    await client.start();
    connection.callbacks.reconnecting?.();
    expect(client.status).toBe('Reconnecting');
    connection.callbacks.reconnected?.('new-id');
    expect(client.status).toBe('Connected');
    await Promise.resolve();
    expect(connection.invoked).toEqual(['JoinSyncGroup', 'JoinSyncGroup']);
    connection.callbacks.close?.();
    expect(client.status).toBe('Disconnected');
  });

  it('stops listening when a listener unsubscribes', async () => {
    const connection = fakeConnection();
    const client = createSyncHubClient(async () => connection as unknown as HubConnection);
    const listener = jest.fn();
    const off = client.on('SyncStarted', listener);
    await client.start();
    off();
    connection.emit('SyncStarted');
    expect(listener).not.toHaveBeenCalled();
  });

  it('reports a failed start and can start again', async () => {
    const connection = fakeConnection();
    connection.start.mockRejectedValueOnce(new Error('Failed to complete negotiation with the server: 401'));
    const client = createSyncHubClient(async () => connection as unknown as HubConnection);
    await expect(client.start()).rejects.toThrow('401');
    expect(client.status).toBe('Disconnected');
    await client.start();
    expect(client.status).toBe('Connected');
  });
});

describe('a connection the server closes because the access ended', () => {
  const user = { id: '4', email: 'robin@example.com', name: 'Robin', role: 'User' as const };
  afterEach(() => {
    authStore.getState().setLoginError(null);
    authStore.getState().clearSession();
  });

  const closedBy = async (error?: Error) => {
    const connection = fakeConnection();
    const client = createSyncHubClient(async () => connection as unknown as HubConnection);
    const stop = endSessionWhenAccessEnds(client);
    await client.start();
    connection.callbacks.close?.(error);
    stop();
  };

  it('ends the session at once and keeps the reason for the sign-in page', async () => {
    authStore.getState().setSession({ token: 'a.b.c', refreshToken: 'r' }, user);
    await closedBy(new Error(`Server returned an error on close: ${HUB_CLOSE_REASONS.accessEnded}`));
    expect(authStore.getState()).toMatchObject({
      status: 'anonymous',
      loginError: 'Your access to Auditdesk has ended.',
    });
  });

  it('leaves the session alone for a lost network or another reason', async () => {
    authStore.getState().setSession({ token: 'a.b.c', refreshToken: 'r' }, user);
    await closedBy(new Error('WebSocket closed with status code: 1006 ().'));
    await closedBy(new Error(`Server returned an error on close: ${HUB_CLOSE_REASONS.signedOut}`));
    await closedBy();
    expect(authStore.getState()).toMatchObject({ status: 'authenticated', loginError: null });
  });
});
