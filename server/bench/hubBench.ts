import * as signalR from '@microsoft/signalr';
import Fastify from 'fastify';
import net from 'node:net';
import { loadConfig } from '../src/config/loadConfig';
import type { UserRow } from '../src/db/schema';
import { hubRoutes } from '../src/realtime/hubRoutes';
import { createSyncHub } from '../src/realtime/syncHub';
import { tripTimes } from './tripTimes';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/**
 * The hub's routes on loopback with `idle` official clients connected over WebSockets:
 * how long a progress event takes to reach one more client (median of 200 sends), and
 * whether every idle connection is still up at the end.
 */
export async function measureHub(
  idle: number,
): Promise<{ medianMs: number; p95Ms: number; connectedAtEnd: number }> {
  const app = Fastify({ forceCloseConnections: true });
  // one account holds every idle connection here: lift the per-account cap
  const hub = createSyncHub({ maxConnectionsPerUser: idle + 10 });
  const user = { id: 1, isActive: true } as UserRow;
  await app.register(hubRoutes, {
    hub,
    tokenCaller: async () => ({ user, sessionId: 'bench', expiresAt: Date.now() + 3_600_000 }),
    config: loadConfig({}),
  });
  app.addHook('preClose', async () => hub.stop());
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  const connect = async () => {
    const connection = new signalR.HubConnectionBuilder()
      .withUrl(`http://127.0.0.1:${port}/hubs/sync`, {
        transport: signalR.HttpTransportType.WebSockets,
        accessTokenFactory: () => 'token',
      })
      .configureLogging(signalR.LogLevel.None)
      .build();
    await connection.start();
    return connection;
  };
  const idleConnections: signalR.HubConnection[] = [];
  for (let i = 0; i < idle; i += 20) {
    idleConnections.push(...(await Promise.all(Array.from({ length: Math.min(20, idle - i) }, connect))));
  }
  const watcher = await connect();
  await watcher.invoke('JoinSyncGroup');
  const samples = await tripTimes(hub, watcher);
  const connectedAtEnd = idleConnections.filter(
    (connection) => connection.state === signalR.HubConnectionState.Connected,
  ).length;
  await Promise.all([...idleConnections, watcher].map((connection) => connection.stop()));
  await app.close();
  const round = (value: number) => Math.round(value * 100) / 100;
  return { medianMs: round(samples[100]!), p95Ms: round(samples[190]!), connectedAtEnd };
}
