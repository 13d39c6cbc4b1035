import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import net from 'node:net';
import { freePort } from '../../testkit/freePort';
import { eventually } from '../../testkit/eventually';
import { startRedisServer, type RedisServer } from '../../testkit/servers/redisServer';
import { describeRedisFailure } from '../../src/platform/redis/describeRedisFailure';
import { MAX_RECONNECT_DELAY_MS } from '../../src/platform/redis/redisClientOptions';
import { createRedisConnection } from '../../src/platform/redis/redisConnection';

/** A logger that keeps what it was told, to see what an operator would read. */
function recordingLogger() {
  const lines: { level: string; message: string }[] = [];
  const record =
    (level: string) =>
    (...args: unknown[]) =>
      lines.push({ level, message: String(args.find((arg) => typeof arg === 'string')) });
  const logger = {
    error: record('error'),
    warn: record('warn'),
    info: record('info'),
    debug: record('debug'),
    trace: record('trace'),
    fatal: record('fatal'),
    child: () => logger,
  };
  return { lines, logger: logger as unknown as FastifyBaseLogger };
}

describe('createRedisConnection against a real redis-server', () => {
  let server: RedisServer;
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(() => server.dispose());

  it('puts REDIS_PREFIX before every key it writes', async () => {
    const { logger } = recordingLogger();
    const connection = createRedisConnection(
      { url: server.url, prefix: 'desk-test:', planName: 'x' },
      logger,
    );
    const plain = new Redis(server.url);
    try {
      await eventually(() => expect(connection.isReady()).toBe(true));
      expect(await server.cli('CLIENT', 'LIST')).toContain('name=auditdesk-main');
      await connection.client.set('greeting', 'hello');
      expect(await plain.get('desk-test:greeting')).toBe('hello');
      expect(await plain.exists('greeting')).toBe(0);
    } finally {
      plain.disconnect();
      await connection.close();
    }
  });

  it('logs an outage once, fails commands at once meanwhile, and recovers by itself', async () => {
    const { lines, logger } = recordingLogger();
    const connection = createRedisConnection({ url: server.url, prefix: 'p:', planName: 'x' }, logger);
    const subscriber = connection.createClient('subscriber');
    let reconnections = 0;
    connection.client.on('reconnecting', () => (reconnections += 1));
    try {
      await eventually(() => expect(connection.isReady() && subscriber.status === 'ready').toBe(true));
      expect(lines).toEqual([
        { level: 'info', message: 'Redis connected' },
        { level: 'info', message: 'Redis connected' },
      ]);

      await server.stop();
      await eventually(() => expect(reconnections).toBeGreaterThanOrEqual(4));
      const failure = await connection.client.get('anything').catch((error: unknown) => error);
      expect(describeRedisFailure(failure, connection.address)).toBe(
        `Redis at 127.0.0.1:${server.port} is not reachable; the server keeps reconnecting in the background.`,
      );
      // one line per client for the whole outage, however many retries failed
      expect(lines.filter((line) => line.level === 'error')).toEqual([
        { level: 'error', message: 'Redis is unavailable; reconnecting in the background' },
        { level: 'error', message: 'Redis is unavailable; reconnecting in the background' },
      ]);

      await server.start();
      await eventually(() => expect(connection.isReady() && subscriber.status === 'ready').toBe(true), {
        attempts: 100,
      });
      expect(lines.filter((line) => line.message === 'Redis connection restored')).toHaveLength(2);
      await connection.client.set('after', '1');
      expect(await connection.client.get('after')).toBe('1');
    } finally {
      await connection.close();
    }
    expect([connection.client.status, subscriber.status]).toEqual(['end', 'end']);
  });

  it('closes while Redis is unreachable, and stays closed when Redis appears', async () => {
    const { lines, logger } = recordingLogger();
    const port = await freePort();
    const connection = createRedisConnection(
      { url: `redis://user:secret@127.0.0.1:${port}`, prefix: 'p:', planName: 'x' },
      logger,
    );
    await eventually(() => expect(lines.some((line) => line.level === 'error')).toBe(true));
    expect(connection.address).toBe(`127.0.0.1:${port}`);
    await connection.close();

    const late = await startRedisServer({ port });
    try {
      // longer than any pause between attempts: a live retry loop would have connected by now
      await new Promise((resolve) => setTimeout(resolve, MAX_RECONNECT_DELAY_MS + 500));
      expect(await late.cli('CLIENT', 'LIST')).not.toContain('name=auditdesk-main');
    } finally {
      await late.dispose();
    }
  });

  it('closes a client caught mid-handshake, though it reports an error on its way out', async () => {
    // a server that accepts and never answers: the client stays in its ready check
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const { logger } = recordingLogger();
    const connection = createRedisConnection(
      { url: `redis://127.0.0.1:${port}`, prefix: 'p:', planName: 'x' },
      logger,
    );
    try {
      await eventually(() => expect(connection.client.status).toBe('connect'));
      const closed = connection.close();
      // what ioredis emits when the ready check's INFO finds the stream already gone
      connection.client.emit(
        'error',
        new Error("Stream isn't writeable and enableOfflineQueue options is false"),
      );
      await expect(closed).resolves.toBeUndefined();
      expect(connection.client.status).toBe('end');
    } finally {
      silent.close();
    }
  });
});
