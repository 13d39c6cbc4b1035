import type { HubConnection } from '@microsoft/signalr';
import { fakeHubConnection as fakeConnection } from '../testing/fakeHubConnection';
import { createSyncHubClient } from './syncHubClient';

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
