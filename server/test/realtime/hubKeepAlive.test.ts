import * as signalR from '@microsoft/signalr';
import Fastify, { type FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { loadConfig } from '../../src/platform/config/loadConfig';
import type { UserRow } from '../../src/platform/db/schema';
import { hubRoutes } from '../../src/features/realtime/hubRoutes';
import { createSyncHub } from '../../src/features/realtime/syncHub';
import { freePort } from '../../testkit/freePort';

const user = { id: 1, isActive: true } as UserRow;

/** The hub routes alone, with short keep-alive and client timeouts. */
async function startHub(
  options: Parameters<typeof createSyncHub>[0],
  tokenLifetimeMs = 3_600_000,
): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify({ forceCloseConnections: true });
  const hub = createSyncHub(options);
  await app.register(hubRoutes, {
    hub,
    tokenCaller: async (token) =>
      token === 'good' ? { user, sessionId: 's', expiresAt: Date.now() + tokenLifetimeMs } : null,
    config: loadConfig({}),
  });
  app.addHook('preClose', async () => hub.stop());
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${port}/hubs/sync` };
}

const client = (url: string, serverTimeoutMs: number) => {
  const connection = new signalR.HubConnectionBuilder()
    .withUrl(url, { transport: signalR.HttpTransportType.WebSockets, accessTokenFactory: () => 'good' })
    .withAutomaticReconnect([0, 0, 0])
    .configureLogging(signalR.LogLevel.None)
    .build();
  connection.serverTimeoutInMilliseconds = serverTimeoutMs;
  connection.keepAliveIntervalInMilliseconds = Math.floor(serverTimeoutMs / 2);
  return connection;
};

describe('hub keep-alive', () => {
  it('pings often enough that a client with a 3 s server timeout stays connected', async () => {
    const { app, url } = await startHub({ keepAliveMs: 1000 });
    const connection = client(url, 3000);
    let reconnecting = false;
    connection.onreconnecting(() => (reconnecting = true));
    await connection.start();
    await new Promise((resolve) => setTimeout(resolve, 5000));
    expect(reconnecting).toBe(false);
    expect(connection.state).toBe(signalR.HubConnectionState.Connected);
    await connection.stop();
    await app.close();
  }, 15_000);

  it('without pings the client times out and reconnects', async () => {
    const { app, url } = await startHub({ keepAliveMs: 60_000 });
    const connection = client(url, 1500);
    const reconnecting = new Promise<Error | undefined>((resolve) => connection.onreconnecting(resolve));
    await connection.start();
    expect(String(await reconnecting)).toContain('Server timeout elapsed');
    await connection.stop();
    await app.close();
  }, 15_000);

  it('drops a client that stays silent past the client timeout', async () => {
    const { app, url } = await startHub({ clientTimeoutMs: 1000, keepAliveMs: 60_000 });
    const negotiate = await (
      await fetch(`${url}/negotiate?negotiateVersion=1`, {
        method: 'POST',
        headers: { authorization: 'Bearer good' },
      })
    ).json();
    const socket = new WebSocket(`${url.replace('http', 'ws')}?id=${negotiate.connectionToken}`, {
      headers: { authorization: 'Bearer good' },
    });
    const messages: string[] = [];
    socket.on('message', (data) => messages.push(data.toString()));
    socket.on('open', () => socket.send('{"protocol":"json","version":1}\x1e'));
    const closed = await new Promise<number>((resolve) => socket.on('close', resolve));
    expect(closed).toBe(1000);
    expect(messages.join('')).toContain('"type":7');
    await app.close();
  }, 15_000);

  it('closes a connection when its token expires, and the client reconnects with a fresh one', async () => {
    const { app, url } = await startHub({ keepAliveMs: 60_000 }, 1500);
    const connection = client(url, 30_000);
    const reconnecting = new Promise<Error | undefined>((resolve) => connection.onreconnecting(resolve));
    const reconnected = new Promise<string | undefined>((resolve) => connection.onreconnected(resolve));
    await connection.start();
    const firstId = connection.connectionId;
    expect(String(await reconnecting)).toContain('Your sign-in token expired');
    expect(await reconnected).not.toBe(firstId);
    await connection.stop();
    await app.close();
  }, 15_000);
});
