import * as signalR from '@microsoft/signalr';
import Fastify, { type FastifyInstance } from 'fastify';
import type { TokenCaller } from '../../src/platform/http/authenticate';
import { freePort } from '../freePort';
import { loadConfig } from '../../src/platform/config/loadConfig';
import type { UserRow } from '../../src/platform/db/schema';
import { hubRoutes } from '../../src/features/realtime/hubRoutes';
import { createSyncHub, SYNC_GROUP, type SyncHub } from '../../src/features/realtime/syncHub';
import { tripTimes } from './tripTimes';

export type BenchTransport = 'WebSockets' | 'ServerSentEvents' | 'LongPolling';

export interface BenchHub {
  app: FastifyInstance;
  hub: SyncHub;
  /** http://127.0.0.1:port */
  url: string;
  /** Sends a StepProgress to the sync group carrying the send time (ms since the epoch). */
  sendProgress(): void;
  close(): Promise<void>;
}

/** Milliseconds since the epoch with sub-millisecond precision, comparable across processes. */
export const epochNow = () => performance.timeOrigin + performance.now();

/**
 * The hub's routes on loopback. Any token `user-N` is user N, so every benchmark
 * connection is its own user (as it would be in production).
 */
/** The bench's clients sign in as `user-N`: every such token is a live sign-in of user N + 1. */
export const benchTokenCaller: TokenCaller = async (token) => {
  const id = /^user-(\d+)$/.exec(token ?? '')?.[1];
  if (!id) return null;
  const user = { id: Number(id) + 1, isActive: true } as UserRow;
  return { user, sessionId: `bench-${id}`, expiresAt: Date.now() + 3_600_000 };
};

export async function startBenchHub(extraRoutes?: (app: FastifyInstance) => void): Promise<BenchHub> {
  const app = Fastify({ forceCloseConnections: true });
  const hub = createSyncHub();
  const tokenCaller = benchTokenCaller;
  // the hub admits browsers from the app's own origin, which the settings name
  const port = await freePort();
  const config = loadConfig({ HOST: '127.0.0.1', PORT: String(port) });
  await app.register(hubRoutes, { hub, tokenCaller, config });
  extraRoutes?.(app);
  app.addHook('preClose', async () => hub.stop());
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    hub,
    url: config.publicOrigin,
    sendProgress: () => hub.broadcast(SYNC_GROUP, 'StepProgress', ['calendar', epochNow(), 'bench']),
    close: () => app.close(),
  };
}

export async function connectNodeClient(
  url: string,
  user: number,
  transport: BenchTransport = 'WebSockets',
): Promise<signalR.HubConnection> {
  const connection = new signalR.HubConnectionBuilder()
    .withUrl(`${url}/hubs/sync`, {
      transport: signalR.HttpTransportType[transport],
      accessTokenFactory: () => `user-${user}`,
    })
    .configureLogging(signalR.LogLevel.None)
    .build();
  await connection.start();
  return connection;
}

/** `count` official clients connected over WebSockets and doing nothing, twenty at a time. */
export async function holdIdleConnections(url: string, count: number) {
  const connections: signalR.HubConnection[] = [];
  for (let i = 0; i < count; i += 20) {
    const batch = Array.from({ length: Math.min(20, count - i) }, (_, j) =>
      connectNodeClient(url, 1000 + i + j),
    );
    connections.push(...(await Promise.all(batch)));
  }
  return {
    connected: () =>
      connections.filter((connection) => connection.state === signalR.HubConnectionState.Connected).length,
    stop: () => Promise.all(connections.map((connection) => connection.stop())),
  };
}

/**
 * In one process: how long a progress event takes from the hub's send to an official Node
 * client, with `idle` other connections held open (200 sends, one at a time).
 */
export async function measureHubInProcess(
  idle: number,
): Promise<{ samples: number[]; connectedAtEnd: number }> {
  const benchHub = await startBenchHub();
  try {
    const idleConnections = await holdIdleConnections(benchHub.url, idle);
    const watcher = await connectNodeClient(benchHub.url, 0);
    await watcher.invoke('JoinSyncGroup');
    const samples = await tripTimes(benchHub.hub, watcher);
    const connectedAtEnd = idleConnections.connected();
    await Promise.all([idleConnections.stop(), watcher.stop()]);
    return { samples, connectedAtEnd };
  } finally {
    await benchHub.close();
  }
}
