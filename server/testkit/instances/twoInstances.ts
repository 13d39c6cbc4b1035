import { HUB_EVENT_NAMES } from '@auditdesk/shared/core';
import * as signalR from '@microsoft/signalr';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../freePort';
import { createTestApp, type TestApp } from '../testApp';
import { icsCalendar } from '../builders/icsBuilder';

export interface Instance extends TestApp {
  /** http://127.0.0.1:<port> */
  url: string;
}

/**
 * Two instances of the app as a deployment runs them: each its own Fastify app, hub and
 * caches, on one SQLite file (one data folder: the same JWT secret) and one Redis, each
 * listening on its own port (chosen ones, or free ones). `env` is given to both; their
 * PUBLIC_URL is A's address, as if A's were the load balancer's.
 */
export async function startTwoInstances(
  env: Record<string, string>,
  ports: [number, number] = [0, 0],
): Promise<{ a: Instance; b: Instance; dataDir: string; close: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-instances-'));
  for (const index of [0, 1]) ports[index] ||= await freePort();
  const start = async (port: number): Promise<Instance> => {
    const instance = await createTestApp(
      {
        DATA_DIR: dataDir,
        PUBLIC_URL: `http://127.0.0.1:${ports[0]}`, // the load balancer's address: one for both
        ...env,
      },
      { engine: 'sqlite' },
    ); // one SQLite file shared by two processes' worth of apps
    await instance.app.listen({ port, host: '127.0.0.1' });
    return Object.assign(instance, { url: `http://127.0.0.1:${port}` });
  };
  const a = await start(ports[0]);
  const b = await start(ports[1]);
  return {
    a,
    b,
    dataDir,
    async close() {
      await Promise.all([a.close(), b.close()]);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The official client on an instance's hub, signed in with `token`. */
export function hubClient(
  instance: Instance,
  token: string,
  transport = signalR.HttpTransportType.WebSockets,
) {
  return new signalR.HubConnectionBuilder()
    .withUrl(`${instance.url}/hubs/sync`, { transport, accessTokenFactory: () => token })
    .configureLogging(signalR.LogLevel.None)
    .build();
}

/** Records every sync progress event a connection receives (not its notifications), in order, as [name, ...args]. */
export function recordSyncEvents(connection: signalR.HubConnection): unknown[][] {
  const events: unknown[][] = [];
  for (const name of HUB_EVENT_NAMES.filter((event) => event !== 'NotificationAdded'))
    connection.on(name, (...args: unknown[]) => events.push([name, ...args]));
  return events;
}

/**
 * A calendar served over HTTP that answers only once `release` is called: a sync reading it
 * stays running until then.
 */
export async function startHeldCalendar(events = [{ uid: 'held', start: '20250305T140000Z' }]) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const port = await freePort();
  const server = http.createServer(async (_request, response) => {
    await held;
    response.end(icsCalendar(events));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/calendar.ics`,
    release: () => release(),
    close: () => {
      release();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
