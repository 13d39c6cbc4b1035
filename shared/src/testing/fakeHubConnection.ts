import type { HubConnection } from '@microsoft/signalr';
import { createSyncHubClient } from '../realtime/syncHubClient';

/** Just enough of @microsoft/signalr's HubConnection to drive the client's life cycle. */
export function fakeHubConnection() {
  const handlers = new Map<string, (...args: unknown[]) => void>();
  const callbacks: Record<string, (arg?: unknown) => void> = {};
  const connection = {
    state: 'Disconnected',
    invoked: [] as string[],
    start: jest.fn(async () => {
      connection.state = 'Connected';
    }),
    stop: jest.fn(async () => {
      connection.state = 'Disconnected';
    }),
    invoke: jest.fn(async (method: string) => {
      connection.invoked.push(method);
    }),
    on: (event: string, handler: (...args: unknown[]) => void) => handlers.set(event, handler),
    onreconnecting: (callback: () => void) => (callbacks.reconnecting = callback),
    onreconnected: (callback: () => void) => (callbacks.reconnected = callback),
    /** The connection closed; `error` as @microsoft/signalr words a server's reason ('Server returned an error on close: …'). */
    onclose: (callback: (error?: Error) => void) => (callbacks.close = callback as (arg?: unknown) => void),
    /** What the server sends: calls the client's handler of the event. */
    emit: (event: string, ...args: unknown[]) => handlers.get(event)?.(...args),
    callbacks,
  };
  return connection;
}

/** A hub client over a fake connection, and the connection to drive it with. */
export function fakeSyncHub() {
  const connection = fakeHubConnection();
  return { connection, client: createSyncHubClient(async () => connection as unknown as HubConnection) };
}
