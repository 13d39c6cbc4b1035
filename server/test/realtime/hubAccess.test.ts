import * as signalR from '@microsoft/signalr';
import { ACCESS_ENDED, SIGNED_OUT, SYNC_GROUP } from '../../src/features/realtime/syncHub';
import { sessions } from '../../src/platform/db/schema';
import { freePort } from '../../testkit/freePort';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';

const KIM = { email: 'kim@example.com', password: 'kims-password-1' };

describe('hub connections follow the access of their user', () => {
  let t: TestApp;
  let base: string;
  let admin: string;
  let kimId: number;

  beforeEach(async () => {
    t = await createTestApp({}, { hub: { recheckMs: 200, maxConnectionsPerUser: 3 } });
    const port = await freePort();
    await t.app.listen({ port, host: '127.0.0.1' });
    base = `http://127.0.0.1:${port}`;
    admin = (await t.login()).access_token;
    kimId = (
      await t.users.create({
        email: KIM.email,
        fullName: 'Kim',
        role: 'User',
        passwordHash: await t.passwords.hash(KIM.password),
      })
    ).id;
  });
  afterEach(() => t.close());

  /** Kim's connection, joined to the sync group, and what happens to it. */
  async function connectKim(token?: string) {
    const accessToken = token ?? (await t.login(KIM.email, KIM.password)).access_token;
    const connection = new signalR.HubConnectionBuilder()
      .withUrl(`${base}/hubs/sync`, {
        transport: signalR.HttpTransportType.WebSockets,
        accessTokenFactory: () => accessToken,
      })
      .configureLogging(signalR.LogLevel.None)
      .build();
    const events: unknown[] = [];
    connection.on('SyncError', (...args) => events.push(args));
    const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
    await connection.start();
    await connection.invoke('JoinSyncGroup');
    return { connection, events, closed, accessToken };
  }

  it('closes a deactivated user’s connection at once, and sends it nothing more', async () => {
    const kim = await connectKim();
    const deactivated = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${kimId}/status`,
      headers: bearer(admin),
      payload: { isActive: false },
    });
    expect(deactivated.statusCode).toBe(200);
    expect((await kim.closed)?.message).toContain(ACCESS_ENDED);
    t.services.hub.broadcast(SYNC_GROUP, 'SyncError', ['secret']);
    expect(kim.events).toEqual([]);
    expect(kim.connection.state).toBe(signalR.HubConnectionState.Disconnected);
  });

  it('closes a connection whose sign-in ended (signed out elsewhere) at once', async () => {
    const session = await t.login(KIM.email, KIM.password);
    const kim = await connectKim(session.access_token);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: session.refresh_token },
    });
    expect((await kim.closed)?.message).toContain(SIGNED_OUT);
  });

  it('closes a connection whose sign-in the recheck finds ended', async () => {
    const session = await t.login(KIM.email, KIM.password);
    const kim = await connectKim(session.access_token);
    await t.db.orm.update(sessions).set({ revokedAt: new Date().toISOString() }).run();
    expect((await kim.closed)?.message).toContain(ACCESS_ENDED);
  });

  it('keeps the connections of people who still have access', async () => {
    const kim = await connectKim();
    await new Promise((resolve) => setTimeout(resolve, 600)); // three checks
    expect(kim.connection.state).toBe(signalR.HubConnectionState.Connected);
    await kim.connection.stop();
  });

  it('caps the connections one account holds', async () => {
    const { access_token } = await t.login(KIM.email, KIM.password);
    const open = [];
    for (let i = 0; i < 3; i += 1) open.push(await connectKim(access_token));
    const refused = await fetch(`${base}/hubs/sync/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: bearer(access_token),
    });
    expect(refused.status).toBe(429);
    expect((await refused.json()).detail).toBe(
      'Too many open connections for this account. Close other tabs and try again.',
    );
    // another account is not affected
    const other = await fetch(`${base}/hubs/sync/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: bearer(admin),
    });
    expect(other.status).toBe(200);
    await Promise.all(open.map((kim) => kim.connection.stop()));
  });
});
