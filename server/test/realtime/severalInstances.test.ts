import * as signalR from '@microsoft/signalr';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ACCESS_ENDED, SIGNED_OUT } from '../../src/features/realtime/syncHub';
import { createBrowserLikeClient } from '../../testkit/clients/browserLikeClient';
import { freePort } from '../../testkit/freePort';
import { OIDC_CLIENT, startOidcProvider } from '../../testkit/servers/oidcProvider';
import { eventually } from '../../testkit/eventually';
import { icsCalendar } from '../../testkit/builders/icsBuilder';
import { startRedisServer, type RedisServer } from '../../testkit/servers/redisServer';
import {
  hubClient,
  recordSyncEvents,
  startHeldCalendar,
  startTwoInstances,
  type Instance,
} from '../../testkit/instances/twoInstances';
import { bearer } from '../../testkit/testApp';

const MARCH = { startDate: '2025-03-01', endDate: '2025-03-31' };

const TRANSPORTS = [
  ['WebSockets', signalR.HttpTransportType.WebSockets],
  ['ServerSentEvents', signalR.HttpTransportType.ServerSentEvents],
  ['LongPolling', signalR.HttpTransportType.LongPolling],
] as const;

function calendarFile(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-two-')), 'calendar.ics');
  fs.writeFileSync(
    file,
    icsCalendar([
      { uid: 'a', start: '20250304T140000Z' },
      { uid: 'b', start: '20250311T140000Z' },
      { uid: 'c', start: '20250318T140000Z' },
    ]),
  );
  return file;
}

const tokenOf = async (instance: Instance) => (await instance.login()).access_token;

// real servers, several of them, on a machine that may be busy: no test here is about time
jest.setTimeout(30_000);

describe('two instances on one database and one Redis', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(() => redis.dispose());

  describe('the hub backplane', () => {
    let a: Instance;
    let b: Instance;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ a, b, close } = await startTwoInstances({ REDIS_URL: redis.url, CALENDAR_ICS: calendarFile() }));
    });
    afterAll(() => close());

    it.each(TRANSPORTS)(
      'a client on A (%s) receives every progress event of a sync started through B',
      async (_name, transport) => {
        const token = await tokenOf(a);
        const onA = hubClient(a, token, transport);
        const onB = hubClient(b, token);
        const seenOnA = recordSyncEvents(onA);
        const seenOnB = recordSyncEvents(onB);
        await onA.start();
        await onB.start();
        await onA.invoke('JoinSyncGroup');
        await onB.invoke('JoinSyncGroup');

        const run = await b.app.inject({
          method: 'POST',
          url: '/api/sync/execute',
          headers: bearer(token),
          payload: MARCH,
        });
        expect(run.statusCode).toBe(200);
        await eventually(() => expect(seenOnA.at(-1)?.[0]).toBe('SyncCompleted'));
        await eventually(() => expect(seenOnB.at(-1)?.[0]).toBe('SyncCompleted'));

        expect(seenOnA).toEqual(seenOnB); // every event, in the order B sent them
        expect(seenOnA[0]).toEqual(['SyncStarted', run.json().runId]);
        expect(seenOnA.filter(([name]) => name === 'StepCompleted').map(([, step]) => step)).toEqual([
          'calendar',
          'spreadsheet',
          'database',
        ]);
        expect(seenOnA.at(-1)).toEqual(['SyncCompleted', true, run.json().message, 3, run.json().runId]);
        // every event of the run names it, last
        expect(seenOnA.every((event) => event.at(-1) === run.json().runId)).toBe(true);
        await Promise.all([onA.stop(), onB.stop()]);
      },
    );

    it('sends to all connections and to one connection on whichever instance holds it', async () => {
      const token = await tokenOf(a);
      const onA = hubClient(a, token);
      const other = hubClient(a, token);
      const got: unknown[][] = [];
      const otherGot: unknown[][] = [];
      onA.on('Notice', (...args: unknown[]) => got.push(args));
      other.on('Notice', (...args: unknown[]) => otherGot.push(args));
      await onA.start();
      await other.start();
      // wait until A listens for this connection (it subscribes when the connection opens)
      await eventually(async () =>
        expect(
          await redis.cli('PUBSUB', 'CHANNELS', `auditdesk:hub:sync:connection:${onA.connectionId}`),
        ).toContain(onA.connectionId),
      );
      b.services.hub.sendToConnection(onA.connectionId!, 'Notice', ['only you']);
      b.services.hub.sendToAll('Notice', ['everyone']);
      await eventually(() => expect(got).toEqual([['only you'], ['everyone']]));
      await eventually(() => expect(otherGot).toEqual([['everyone']]));
      await Promise.all([onA.stop(), other.stop()]);
    });

    it("closes a user's connections on every instance when they lose access", async () => {
      const created = await a.app.inject({
        method: 'POST',
        url: '/api/user/create',
        headers: bearer(await tokenOf(a)),
        payload: { email: 'kim@example.com', name: 'Kim', role: 'User' },
      });
      expect(created.statusCode).toBe(201);
      await a.users.update(created.json().id, { passwordHash: await a.passwords.hash('kims-password-1') });
      const kim = hubClient(a, (await a.login('kim@example.com', 'kims-password-1')).access_token);
      const closed = new Promise<Error | undefined>((resolve) => kim.onclose(resolve));
      await kim.start();
      await eventually(async () =>
        expect(await redis.cli('PUBSUB', 'CHANNELS', 'auditdesk:hub:sync:user:*')).toContain(
          `user:${created.json().id}`,
        ),
      );

      const revoked = await b.app.inject({
        method: 'POST',
        url: '/api/useraccess/revoke',
        headers: bearer(await tokenOf(b)),
        payload: { email: 'kim@example.com' },
      });
      expect(revoked.statusCode).toBe(200);
      expect((await closed)?.message).toContain(ACCESS_ENDED);
    });

    it('closes a sign-in’s connections on every instance at sign-out, and only that sign-in’s', async () => {
      const signedOut = await a.login();
      const stays = await a.login();
      const leaving = hubClient(a, signedOut.access_token);
      const staying = hubClient(a, stays.access_token);
      const after: unknown[][] = [];
      leaving.on('Notice', (...args: unknown[]) => after.push(args));
      const closed = new Promise<Error | undefined>((resolve) => leaving.onclose(resolve));
      await leaving.start();
      await staying.start();
      await eventually(async () =>
        expect(await redis.cli('PUBSUB', 'CHANNELS', 'auditdesk:hub:sync:user:*')).toContain('user:1'),
      );

      const startedAt = Date.now();
      const out = await b.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        payload: { refreshToken: signedOut.refresh_token },
      });
      expect(out.statusCode).toBe(204);
      expect((await closed)?.message).toContain(SIGNED_OUT);
      expect(Date.now() - startedAt).toBeLessThan(1000);
      b.services.hub.sendToAll('Notice', ['after sign-out']);
      await eventually(() => expect(staying.state).toBe(signalR.HubConnectionState.Connected));
      expect(after).toEqual([]);
      await staying.stop();
    });
  });

  describe('the sync lock', () => {
    it('a sync requested on A while B runs one gets 409 with the running run id', async () => {
      const calendar = await startHeldCalendar();
      const { a, b, close } = await startTwoInstances({ REDIS_URL: redis.url, CALENDAR_ICS: calendar.url });
      try {
        const token = await tokenOf(a);
        const onB = b.app.inject({
          method: 'POST',
          url: '/api/sync/execute',
          headers: bearer(token),
          payload: MARCH,
        });
        const running = await eventually(async () => {
          const status = (await a.app.inject({ url: '/api/sync/status', headers: bearer(token) })).json();
          expect(status.isRunning).toBe(true);
          return status.runningRunId as number;
        });
        expect(await redis.cli('EXISTS', 'auditdesk:sync:lock')).toBe('1\n');

        const onA = await a.app.inject({
          method: 'POST',
          url: '/api/sync/execute',
          headers: bearer(token),
          payload: MARCH,
        });
        expect(onA.statusCode).toBe(409);
        expect(onA.json()).toMatchObject({
          runningRunId: running,
          detail: `A sync is already running (run ${running}).`,
        });

        calendar.release();
        expect((await onB).json()).toMatchObject({ success: true, runId: running });
        expect(await redis.cli('EXISTS', 'auditdesk:sync:lock')).toBe('0\n'); // released by its holder
        const again = await a.app.inject({
          method: 'POST',
          url: '/api/sync/execute',
          headers: bearer(token),
          payload: MARCH,
        });
        expect(again.json()).toMatchObject({ success: true });
      } finally {
        await close();
        await calendar.close();
      }
    });
  });

  describe('rate limits', () => {
    it('sign-in attempts spread over both instances hit 429 at the configured limit, not twice it', async () => {
      const { a, b, close } = await startTwoInstances({
        REDIS_URL: redis.url,
        RATE_LIMIT_LOGIN_PER_EMAIL: '3',
        REDIS_PREFIX: 'limits-test:',
      });
      try {
        const attempt = (instance: Instance) =>
          instance.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: 'victim@example.com', password: 'wrong-password' },
            remoteAddress: '203.0.113.7',
          });
        expect((await attempt(a)).statusCode).toBe(401);
        expect((await attempt(b)).statusCode).toBe(401);
        expect((await attempt(a)).statusCode).toBe(401);
        expect((await attempt(b)).statusCode).toBe(429);
        expect((await attempt(a)).statusCode).toBe(429);
      } finally {
        await close();
      }
    });
  });

  describe('the read cache', () => {
    let a: Instance;
    let b: Instance;
    let close: () => Promise<void>;
    let token: string;
    beforeAll(async () => {
      ({ a, b, close } = await startTwoInstances({ REDIS_URL: redis.url, REDIS_PREFIX: 'cache-test:' }));
      token = await tokenOf(a);
    });
    afterAll(() => close());

    const read = async (instance: Instance, url: string) => {
      const response = await instance.app.inject({ url, headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    const today = new Date().toISOString().slice(0, 10);

    it('a lead edited through A is seen fresh through B at once, in every cached read', async () => {
      const auditor = a.config.auditors[0];
      const created = await a.app.inject({
        method: 'POST',
        url: '/api/leads',
        headers: bearer(token),
        payload: {
          customerName: 'Ada Lovelace',
          auditor,
          status: 'Scheduled',
          scheduledDate: `${today}T14:00:00.000Z`,
        },
      });
      expect(created.statusCode).toBe(201);
      const id = created.json().id;
      const reads = [
        '/api/leads',
        `/api/leads/grid-data?startDate=${today}&endDate=${today}`,
        '/api/scheduling/performance?timeframe=month',
        '/api/scheduling/dashboard?months=12',
        '/api/dashboard/stats',
      ];
      const before = await Promise.all(reads.map((url) => read(b, url))); // B's caches are warm now
      expect(before[0]).toEqual([expect.objectContaining({ id, customerName: 'Ada Lovelace' })]);
      expect(before[1]).toEqual([expect.objectContaining({ auditor, totalLeadsCount: 1 })]);
      expect(before[2].agents[auditor].totalLeads).toBe(1);
      expect(before[4]).toMatchObject({ totalLeads: 1 });

      const edited = await a.app.inject({
        method: 'PATCH',
        url: `/api/leads/${id}`,
        headers: bearer(token),
        payload: { customerName: 'Ada King', status: 'Cancelled' },
      });
      expect(edited.statusCode).toBe(200);
      const leads = await read(b, '/api/leads');
      expect(leads).toEqual([expect.objectContaining({ id, customerName: 'Ada King', status: 'Cancelled' })]);
      expect(await read(b, reads[1]!)).toEqual([expect.objectContaining({ cancelledLeadsCount: 1 })]);

      const deleted = await a.app.inject({
        method: 'DELETE',
        url: `/api/leads/${id}`,
        headers: bearer(token),
      });
      expect(deleted.statusCode).toBe(204);
      expect(await read(b, '/api/leads')).toEqual([]);
      expect(await read(b, reads[1]!)).toEqual([]);
      expect((await read(b, reads[2]!)).agents[auditor].totalLeads).toBe(0);
      expect(await read(b, '/api/dashboard/stats')).toMatchObject({ totalLeads: 0, recentLeads: [] });
    });

    it('the same read has the same ETag on both instances, and a body built on one is kept in Redis for the other', async () => {
      const url = '/api/leads/calendar-not-formatted';
      const fromA = await a.app.inject({ url, headers: bearer(token) });
      const fromB = await b.app.inject({ url, headers: bearer(token) });
      expect(fromB.headers.etag).toBe(fromA.headers.etag);
      expect(fromB.body).toBe(fromA.body);
      const keys = await redis.cli('--scan', '--pattern', 'cache-test:cache:leads/calendar-not-formatted@*');
      expect(keys.trim().split('\n')).toEqual([
        expect.stringMatching(/^cache-test:cache:leads\/calendar-not-formatted@leads:\d+$/),
      ]);
      const notModified = await b.app.inject({
        url,
        headers: { ...bearer(token), 'if-none-match': fromA.headers.etag as string },
      });
      expect(notModified.statusCode).toBe(304);
    });
  });

  describe('identity-provider sign-in', () => {
    it('started on A, the provider returning to B, completes', async () => {
      const ports: [number, number] = [await freePort(), await freePort()];
      const provider = await startOidcProvider(`http://127.0.0.1:${ports[0]}/api/auth/google-callback`);
      const { a, b, close } = await startTwoInstances(
        {
          REDIS_URL: redis.url,
          OIDC_ISSUER: provider.issuer,
          OIDC_CLIENT_ID: OIDC_CLIENT.id,
          OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
        },
        ports,
      );
      try {
        await a.users.create({ email: 'kim@example.com', fullName: 'kim', role: 'Manager' });
        const browser = createBrowserLikeClient();
        const callback = await browser.signIn(
          `${a.url}/api/auth/google-login?returnUrl=${encodeURIComponent(`${a.url}/auth/callback`)}`,
          'kim@example.com',
          a.url,
          (target) => target.pathname === '/api/auth/google-callback',
        );
        // the load balancer sends the provider's return to B
        const onB = await browser.request(`${b.url}${callback.pathname}${callback.search}`);
        const landing = new URL(onB.headers.get('location')!);
        expect(landing.pathname).toBe('/auth/callback');
        const code = landing.searchParams.get('code')!;
        expect(code).toEqual(expect.any(String));
        // and the sign-in page's exchange to A
        const traded = await browser.request(`${a.url}/api/auth/exchange`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ code }),
        });
        expect(traded.status).toBe(200);
        expect(await traded.json()).toMatchObject({
          user: 'kim@example.com',
          access_token: expect.any(String),
        });
        const spentTwice = await browser.request(`${b.url}/api/auth/exchange`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ code }),
        });
        expect(spentTwice.status).toBe(400);
      } finally {
        await close();
        await provider.close();
      }
    });
  });
});
