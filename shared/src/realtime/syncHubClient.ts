import type { HubConnection } from '@microsoft/signalr';
import { refreshSession } from '../api/refreshSession';
import { apiUrl } from '../api/apiUrl';
import { authStore } from '../session/authStore';
import { isTokenExpired } from '../session/tokenExpiry';
import { HUB_CLOSE_REASONS } from '../contract/vocabulary';
import { SYNC_HUB_EVENTS, type HubConnectionStatus, type SyncHubEvents } from './syncHubEvents';

/** Spec section 4 "Realtime hub connection": 0, 2, 10, 30 seconds, then give up. */
export const RECONNECT_DELAYS_MS = [0, 2000, 10000, 30000];

type Listener<K extends keyof SyncHubEvents> = SyncHubEvents[K];

/** How @microsoft/signalr words the error of a Close message that carries one. */
const SERVER_CLOSE_PREFIX = 'Server returned an error on close: ';

/** The reason the server gave for closing the connection, or null (a network loss, a stop of ours). */
export function serverCloseReason(error: Error | undefined): string | null {
  return error?.message.startsWith(SERVER_CLOSE_PREFIX)
    ? error.message.slice(SERVER_CLOSE_PREFIX.length)
    : null;
}

/** The hub's address: next to the API (/api → /hubs/sync). */
const hubUrl = () => apiUrl('/').replace(/\/api\/$/, '/hubs/sync');

async function currentToken(): Promise<string> {
  const { token } = authStore.getState();
  if (token && isTokenExpired(token)) await refreshSession();
  return authStore.getState().token ?? '';
}

/**
 * The page's one connection to the sync hub: started on first use, joined to the sync
 * group on every (re)connect, stopped on sign-out. Framework-free; React reads it through
 * useSyncHub.
 */
export function createSyncHubClient(build: () => Promise<HubConnection> = defaultConnection) {
  let connection: HubConnection | null = null;
  let starting: Promise<void> | null = null;
  const statusListeners = new Set<(status: HubConnectionStatus) => void>();
  const closeListeners = new Set<(reason: string | null) => void>();
  const eventListeners = new Map<keyof SyncHubEvents, Set<(...args: never[]) => void>>();
  let status: HubConnectionStatus = 'Disconnected';

  const setStatus = (next: HubConnectionStatus) => {
    status = next;
    for (const listener of statusListeners) listener(next);
  };

  async function connect(): Promise<HubConnection> {
    if (connection) return connection;
    const created = await build();
    for (const event of SYNC_HUB_EVENTS) {
      created.on(event, (...args: unknown[]) => {
        for (const listener of eventListeners.get(event) ?? [])
          (listener as (...a: unknown[]) => void)(...args);
      });
    }
    created.onreconnecting(() => setStatus('Reconnecting'));
    created.onreconnected(() => {
      setStatus('Connected');
      // groups are per connection: a reconnect is a new one
      void created.invoke('JoinSyncGroup').catch(() => undefined);
    });
    created.onclose((error) => {
      setStatus('Disconnected');
      const reason = serverCloseReason(error);
      for (const listener of closeListeners) listener(reason);
    });
    connection = created;
    return created;
  }

  return {
    /** Connects (once) and joins the sync group; safe to call repeatedly. */
    start(): Promise<void> {
      if (connection?.state === 'Connected') return Promise.resolve();
      starting ??= (async () => {
        setStatus('Connecting');
        try {
          const hub = await connect();
          if (hub.state === 'Disconnected') await hub.start();
          await hub.invoke('JoinSyncGroup');
          setStatus('Connected');
        } catch (error) {
          setStatus('Disconnected');
          throw error;
        } finally {
          starting = null;
        }
      })();
      return starting;
    },

    async stop(): Promise<void> {
      if (!connection) return;
      setStatus('Disconnecting');
      await connection.stop();
      connection = null;
      setStatus('Disconnected');
    },

    on<K extends keyof SyncHubEvents>(event: K, listener: Listener<K>): () => void {
      const listeners = eventListeners.get(event) ?? new Set();
      listeners.add(listener as (...args: never[]) => void);
      eventListeners.set(event, listeners);
      return () => listeners.delete(listener as (...args: never[]) => void);
    },

    onStatus(listener: (status: HubConnectionStatus) => void): () => void {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },

    /** Hears every close of the connection, with the server's reason when it gave one. */
    onClose(listener: (reason: string | null) => void): () => void {
      closeListeners.add(listener);
      return () => closeListeners.delete(listener);
    },

    get status() {
      return status;
    },
  };
}

/** The SignalR client is fetched only when a page connects, not with every page. */
async function defaultConnection(): Promise<HubConnection> {
  const { HubConnectionBuilder, LogLevel } = await import('@microsoft/signalr');
  return new HubConnectionBuilder()
    .withUrl(hubUrl(), { accessTokenFactory: currentToken })
    .withAutomaticReconnect(RECONNECT_DELAYS_MS)
    .configureLogging(LogLevel.Warning)
    .build();
}

export type SyncHubClient = ReturnType<typeof createSyncHubClient>;

/** The one client of the page (shared singleton): it ends with the session. */
export const syncHubClient = createSyncHubClient();
authStore.subscribe((state, previous) => {
  if (previous.status === 'authenticated' && state.status === 'anonymous') void syncHubClient.stop();
});
endSessionWhenAccessEnds(syncHubClient);

/**
 * The server closes a person's connections the moment their access is revoked: the session
 * ends at once (not at the next request), and the sign-in page says why.
 */
export function endSessionWhenAccessEnds(client: Pick<SyncHubClient, 'onClose'>): () => void {
  return client.onClose((reason) => {
    if (reason !== HUB_CLOSE_REASONS.accessEnded) return;
    const auth = authStore.getState();
    if (auth.status === 'anonymous') return;
    auth.setLoginError(reason);
    auth.clearSession();
  });
}
