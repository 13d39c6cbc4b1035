import type { FastifyBaseLogger } from 'fastify';
import { eventually } from '../../testkit/eventually';
import { startRedisServer, type RedisServer } from '../../testkit/servers/redisServer';
import {
  createPendingSignIns,
  type PendingSignInLimits,
  type PendingSignIns,
} from '../../src/features/auth/oidc/pendingSignIns';
import { createRedisPendingSignIns } from '../../src/features/auth/oidc/redisPendingSignIns';
import { createRedisSignInCodes } from '../../src/features/auth/oidc/redisSignInCodes';
import { createSignInCodes, type SignInCodes } from '../../src/features/auth/oidc/signInCodes';
import type { CounterStore } from '../../src/platform/limits/counterStore';
import { createMemoryCounterStore } from '../../src/platform/limits/memoryCounterStore';
import { createRedisCounterStore } from '../../src/platform/limits/redisCounterStore';
import { createRedisBackplane } from '../../src/features/realtime/backplane/redisBackplane';
import { createRedisSyncLock, SYNC_LOCK_KEY } from '../../src/features/sync/lock/redisSyncLock';
import { SyncLockUnavailable } from '../../src/features/sync/lock/syncLock';
import { createRedisConnection, type RedisConnection } from '../../src/platform/redis/redisConnection';

const silent = { error() {}, info() {}, warn() {}, child: () => silent } as unknown as FastifyBaseLogger;
const signIn = { codeVerifier: 'v', nonce: 'n', redirectUri: 'r', returnUrl: 'u', browserHash: 'h' };

// real servers, several of them, on a machine that may be busy: no test here is about time
jest.setTimeout(30_000);

describe('the Redis stores against a real redis-server', () => {
  let server: RedisServer;
  let connection: RedisConnection;
  beforeAll(async () => {
    server = await startRedisServer();
    connection = createRedisConnection({ url: server.url, prefix: 'stores:', planName: 'x' }, silent);
    await eventually(() => expect(connection.isReady()).toBe(true));
  });
  afterAll(async () => {
    await connection.close();
    await server.dispose();
  });
  beforeEach(() => server.cli('FLUSHALL'));

  describe.each<[string, () => CounterStore]>([
    ['in process', () => createMemoryCounterStore()],
    ['in Redis', () => createRedisCounterStore(connection)],
  ])('the attempt counters %s', (_where, make) => {
    it('count hits in a window that starts with the first, peek without counting, and keep marks', async () => {
      const store = make();
      expect(await store.peek('ip:1')).toEqual({ count: 0, resetInMs: 0 });
      expect((await store.hit('ip:1', 60_000)).count).toBe(1);
      const second = await store.hit('ip:1', 60_000);
      expect(second.count).toBe(2);
      expect(second.resetInMs).toBeGreaterThan(55_000);
      expect(second.resetInMs).toBeLessThanOrEqual(60_000);
      expect((await store.peek('ip:1')).count).toBe(2);
      expect((await store.hit('ip:2', 60_000)).count).toBe(1);
      expect(await store.isMarked('known')).toBe(false);
      await store.mark('known', 60_000);
      expect(await store.isMarked('known')).toBe(true);
    });

    it('start a new window once the old one is over', async () => {
      const store = make();
      await store.hit('short', 50);
      await store.hit('short', 50);
      await eventually(async () => expect((await store.peek('short')).count).toBe(0));
      expect((await store.hit('short', 60_000)).count).toBe(1);
    });
  });

  it('keeps counters under REDIS_PREFIX + limits:, with their expiry', async () => {
    await createRedisCounterStore(connection).hit('signin:ip:203.0.113.7', 60_000);
    expect(await server.cli('GET', 'stores:limits:signin:ip:203.0.113.7')).toBe('1\n');
    expect(Number(await server.cli('PTTL', 'stores:limits:signin:ip:203.0.113.7'))).toBeGreaterThan(0);
  });

  describe.each<[string, (limits: PendingSignInLimits) => PendingSignIns]>([
    ['in process', (limits) => createPendingSignIns(limits)],
    ['in Redis', (limits) => createRedisPendingSignIns(connection, limits)],
  ])('pending identity-provider sign-ins %s', (_where, make) => {
    it('are bounded per address and in all, refuse rather than evict, are taken once and expire', async () => {
      let now = Date.now();
      const pending = make({ now: () => now, maxTotal: 5, maxPerAddress: 2 });
      expect(await pending.put('a1', signIn, '10.0.0.1')).toBe(true);
      expect(await pending.put('a2', signIn, '10.0.0.1')).toBe(true);
      expect(await pending.put('a3', signIn, '10.0.0.1')).toBe(false); // this address's share is full
      expect(await pending.put('b1', signIn, '10.0.0.2')).toBe(true);
      expect(await pending.put('c1', signIn, '10.0.0.3')).toBe(true);
      expect(await pending.put('d1', signIn, '10.0.0.4')).toBe(true);
      expect(await pending.put('e1', signIn, '10.0.0.5')).toBe(false); // the store is full
      expect(await pending.take('a1')).toEqual(signIn); // nobody's sign-in was evicted
      expect(await pending.take('a1')).toBeNull(); // taken once
      expect(await pending.put('a3', signIn, '10.0.0.1')).toBe(true); // taking made room
      now += 11 * 60 * 1000;
      expect(await pending.take('b1')).toBeNull(); // expired
      expect(await pending.put('e1', signIn, '10.0.0.5')).toBe(true); // expired ones made room
    });
  });

  describe.each<[string, () => SignInCodes]>([
    ['in process', () => createSignInCodes()],
    ['in Redis', () => createRedisSignInCodes(connection)],
  ])('one-time sign-in codes %s', (_where, make) => {
    it('are spent once, only by the right browser', async () => {
      const codes = make();
      const code = (await codes.issue({ userId: 7, name: 'Kim', browserHash: 'mine' }))!;
      expect(code).toEqual(expect.any(String));
      expect(await codes.take(code, ({ browserHash }) => browserHash === 'theirs')).toBeNull();
      expect(await codes.take(code, ({ browserHash }) => browserHash === 'mine')).toEqual({
        userId: 7,
        name: 'Kim',
        browserHash: 'mine',
      });
      expect(await codes.take(code, () => true)).toBeNull();
      expect(await codes.take('never-issued', () => true)).toBeNull();
    });
  });

  it('issues no Redis code once the store is full, evicting none', async () => {
    const codes = createRedisSignInCodes(connection, { max: 2 });
    const first = await codes.issue({ userId: 1, name: 'a', browserHash: 'h' });
    expect(await codes.issue({ userId: 2, name: 'b', browserHash: 'h' })).not.toBeNull();
    expect(await codes.issue({ userId: 3, name: 'c', browserHash: 'h' })).toBeNull();
    expect(await codes.take(first!, () => true)).toMatchObject({ userId: 1 });
    expect(await codes.issue({ userId: 3, name: 'c', browserHash: 'h' })).not.toBeNull();
  });

  describe('the sync lock', () => {
    it('is held by one at a time, renewed by its holder, freed only by its holder', async () => {
      const lock = createRedisSyncLock(connection, 60_000);
      const held = (await lock.acquire())!;
      expect(held).not.toBeNull();
      expect(await lock.acquire()).toBeNull();
      expect(await server.cli('GET', `stores:${SYNC_LOCK_KEY}`)).toMatch(/:\d+:/); // host:pid:random
      await server.cli('PEXPIRE', `stores:${SYNC_LOCK_KEY}`, '1000');
      expect(await held.renew()).toBe(true);
      expect(Number(await server.cli('PTTL', `stores:${SYNC_LOCK_KEY}`))).toBeGreaterThan(50_000);
      await held.release();
      const next = (await lock.acquire())!;
      expect(next).not.toBeNull();
      await held.release(); // the old holder's release leaves the new holder's lock alone
      expect(await lock.acquire()).toBeNull();
      await next.release();
    });

    it('is taken over after its lease expires; the old holder then learns it lost it', async () => {
      const lock = createRedisSyncLock(connection, 200);
      const dead = (await lock.acquire())!;
      const taker = await eventually(async () => {
        const lease = await lock.acquire();
        expect(lease).not.toBeNull();
        return lease!;
      });
      expect(await dead.renew()).toBe(false);
      expect(await taker.renew()).toBe(true);
      await taker.release();
    });

    it('is taken back by its holder when Redis lost the key (a restart without persistence)', async () => {
      const lock = createRedisSyncLock(connection, 60_000);
      const held = (await lock.acquire())!;
      await server.cli('FLUSHALL');
      expect(await held.renew()).toBe(true);
      expect(await lock.acquire()).toBeNull();
      await held.release();
    });

    it('cannot be taken while Redis is away: SyncLockUnavailable naming its address', async () => {
      const away = createRedisConnection(
        { url: 'redis://127.0.0.1:1', prefix: 'stores:', planName: 'x' },
        silent,
      );
      try {
        const failure = await createRedisSyncLock(away, 1000)
          .acquire()
          .catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(SyncLockUnavailable);
        expect((failure as Error).message).toBe(
          'A sync cannot start now: the sync lock cannot be taken. Redis at 127.0.0.1:1 is not reachable; the server keeps reconnecting in the background.',
        );
      } finally {
        await away.close();
      }
    });
  });

  it('the backplane publishes on REDIS_PREFIX channels, and listens only while asked to', async () => {
    const one = createRedisBackplane(connection);
    const other = createRedisBackplane(connection);
    const received: [string, string][] = [];
    other.onMessage((channel, payload) => received.push([channel, payload]));
    await eventually(async () =>
      expect(await server.cli('CLIENT', 'LIST')).toMatch(
        /name=auditdesk-hub-subscriber[\s\S]*name=auditdesk-hub-subscriber/,
      ),
    );
    await other.join('hub:sync:group:sync');
    await other.join('hub:sync:group:sync'); // counted: two joins need two leaves
    expect(await server.cli('PUBSUB', 'CHANNELS')).toBe('stores:hub:sync:group:sync\n');
    one.publish('hub:sync:group:sync', 'first');
    one.publish('hub:sync:group:other', 'not listened to');
    await eventually(() => expect(received).toEqual([['hub:sync:group:sync', 'first']]));
    other.leave('hub:sync:group:sync');
    expect(await server.cli('PUBSUB', 'NUMSUB', 'stores:hub:sync:group:sync')).toBe(
      'stores:hub:sync:group:sync\n1\n',
    );
    other.leave('hub:sync:group:sync');
    await eventually(async () => expect((await server.cli('PUBSUB', 'CHANNELS')).trim()).toBe(''));
  });
});
