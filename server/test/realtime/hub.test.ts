import * as signalR from '@microsoft/signalr';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { icsCalendar } from '../../testkit/builders/icsBuilder';
import { freePort } from '../../testkit/freePort';
import { createTestApp, type TestApp } from '../../testkit/testApp';
import { SYNC_GROUP } from '../../src/features/realtime/syncHub';

const TRANSPORTS = [
  ['WebSockets', signalR.HttpTransportType.WebSockets],
  ['ServerSentEvents', signalR.HttpTransportType.ServerSentEvents],
  ['LongPolling', signalR.HttpTransportType.LongPolling],
] as const;

/** Resolves with the arguments of the next call of `event` on the connection. */
const next = (connection: signalR.HubConnection, event: string) =>
  new Promise<unknown[]>((resolve) => {
    const handler = (...args: unknown[]) => {
      connection.off(event, handler);
      resolve(args);
    };
    connection.on(event, handler);
  });

const until = async (check: () => boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe('the sync hub with the official @microsoft/signalr client', () => {
  let t: TestApp;
  let url: string;
  let token: string;

  beforeAll(async () => {
    const port = await freePort();
    const calendar = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-hub-')), 'calendar.ics');
    fs.writeFileSync(
      calendar,
      icsCalendar([
        { uid: 'a', start: '20250110T140000Z' },
        { uid: 'b', start: '20250111T140000Z' },
      ]),
    );
    t = await createTestApp({ CALENDAR_ICS: calendar });
    await t.app.listen({ port, host: '127.0.0.1' });
    url = `http://127.0.0.1:${port}/hubs/sync`;
    token = (await t.login()).access_token;
  });
  afterAll(() => t.close());

  const connect = (transport: signalR.HttpTransportType, accessToken = token) =>
    new signalR.HubConnectionBuilder()
      .withUrl(url, { transport, accessTokenFactory: () => accessToken })
      .withAutomaticReconnect([0, 0, 100])
      .configureLogging(signalR.LogLevel.None)
      .build();
  const hub = () => t.services.hub;

  describe.each(TRANSPORTS)('over %s', (_name, transport) => {
    it('connects, joins the sync group and receives its events', async () => {
      const connection = connect(transport);
      await connection.start();
      expect(connection.state).toBe(signalR.HubConnectionState.Connected);
      expect(connection.connectionId).toEqual(expect.any(String));
      await connection.invoke('JoinSyncGroup');

      const started = next(connection, 'StepStarted');
      hub().broadcast(SYNC_GROUP, 'StepStarted', ['calendar', 'Reading events']);
      expect(await started).toEqual(['calendar', 'Reading events']);
      await connection.stop();
    });

    it('rejects an unknown method with the server error, and send() gets no answer', async () => {
      const connection = connect(transport);
      await connection.start();
      await expect(connection.invoke('NoSuchMethod')).rejects.toThrow("Unknown hub method 'NoSuchMethod'.");
      await connection.send('JoinSyncGroup');
      await expect(connection.invoke('JoinSyncGroup')).resolves.toBeUndefined();
      await connection.stop();
    });

    it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])(
      'answers a target named %s as an unknown method, leaking nothing of the server',
      async (target) => {
        const connection = connect(transport);
        await connection.start();
        await expect(connection.invoke(target)).rejects.toThrow(`Unknown hub method '${target}'.`);
        await expect(connection.invoke('JoinSyncGroup')).resolves.toBeUndefined();
        await connection.stop();
      },
    );

    it('reconnects after the server drops it, with a new id, and joins again', async () => {
      const connection = connect(transport);
      const reconnected = new Promise<string | undefined>((resolve) => connection.onreconnected(resolve));
      await connection.start();
      const firstId = connection.connectionId;
      await connection.invoke('JoinSyncGroup');

      hub().closeAll({ allowReconnect: true });
      const newId = await reconnected;
      expect(newId).toEqual(expect.any(String));
      expect(newId).not.toBe(firstId);
      await connection.invoke('JoinSyncGroup');
      const completed = next(connection, 'SyncCompleted');
      hub().broadcast(SYNC_GROUP, 'SyncCompleted', [true, 'done', 3]);
      expect(await completed).toEqual([true, 'done', 3]);
      await connection.stop();
    });
  });

  it('sends group events only to members', async () => {
    const member = connect(signalR.HttpTransportType.WebSockets);
    const outsider = connect(signalR.HttpTransportType.WebSockets);
    await Promise.all([member.start(), outsider.start()]);
    await member.invoke('JoinSyncGroup');
    const heard: string[] = [];
    outsider.on('SyncStarted', () => heard.push('outsider'));
    const got = next(member, 'SyncStarted');
    hub().broadcast(SYNC_GROUP, 'SyncStarted', []);
    await got;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual([]);
    await Promise.all([member.stop(), outsider.stop()]);
  });

  it('refuses a bad token at negotiate', async () => {
    const connection = connect(signalR.HttpTransportType.WebSockets, 'not-a-token');
    await expect(connection.start()).rejects.toThrow(/401/);
  });

  it('closes without reconnecting when the server says so', async () => {
    const connection = connect(signalR.HttpTransportType.WebSockets);
    const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
    let reconnecting = false;
    connection.onreconnecting(() => (reconnecting = true));
    await connection.start();
    hub().closeAll({ error: 'Server shutting down' });
    expect(String(await closed)).toContain('Server shutting down');
    expect(reconnecting).toBe(false);
  });

  it('forgets connections that stop', async () => {
    const connections = TRANSPORTS.map(([, transport]) => connect(transport));
    await Promise.all(connections.map((connection) => connection.start()));
    expect(hub().size).toBeGreaterThanOrEqual(3);
    await Promise.all(connections.map((connection) => connection.stop()));
    await until(() => hub().size === 0);
  });

  it('connects with skipNegotiation over WebSockets', async () => {
    const connection = new signalR.HubConnectionBuilder()
      .withUrl(url, {
        skipNegotiation: true,
        transport: signalR.HttpTransportType.WebSockets,
        accessTokenFactory: () => token,
      })
      .configureLogging(signalR.LogLevel.None)
      .build();
    await connection.start();
    await expect(connection.invoke('JoinSyncGroup')).resolves.toBeUndefined();
    await connection.stop();
  });

  it('answers a handshake for an unsupported protocol with an error', async () => {
    const negotiate = await fetch(`${url}/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    const { connectionToken } = await negotiate.json();
    const socket = new WebSocket(`${url.replace('http', 'ws')}?id=${connectionToken}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const reply = await new Promise<string>((resolve) => {
      socket.on('open', () => socket.send('{"protocol":"messagepack","version":1}\x1e'));
      socket.on('message', (data) => resolve(data.toString()));
    });
    expect(JSON.parse(reply.slice(0, -1))).toEqual({ error: expect.stringContaining('messagepack') });
    socket.close();
  });

  it('refuses a browser from a foreign origin', async () => {
    const response = await fetch(`${url}/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, origin: 'https://evil.example.net' },
    });
    expect(response.status).toBe(403);
  });

  it('carries the progress of a real run, step by step', async () => {
    const connection = connect(signalR.HttpTransportType.WebSockets);
    await connection.start();
    await connection.invoke('JoinSyncGroup');
    const seen: string[] = [];
    for (const event of [
      'SyncStarted',
      'StepStarted',
      'StepProgress',
      'StepCompleted',
      'SyncCompleted',
      'SyncError',
    ]) {
      connection.on(event, (...args: unknown[]) =>
        seen.push(
          `${event}${event === 'StepStarted' || event === 'StepCompleted' ? `:${String(args[0])}` : ''}`,
        ),
      );
    }
    const done = next(connection, 'SyncCompleted');
    await t.app.inject({
      method: 'POST',
      url: '/api/sync/execute',
      headers: { authorization: `Bearer ${token}` },
      payload: { startDate: '2025-01-01', endDate: '2025-01-31' },
    });
    await done;
    expect(seen).toEqual([
      'SyncStarted',
      'StepStarted:calendar',
      'StepProgress',
      'StepCompleted:calendar',
      'StepStarted:spreadsheet',
      'StepProgress', // reading the file
      'StepProgress', // writing it (the merge is made as it is written)
      'StepProgress', // what was written
      'StepCompleted:spreadsheet',
      'StepStarted:database',
      'StepProgress',
      'StepCompleted:database',
      'SyncCompleted',
    ]);
    await connection.stop();
  });
});
