import Fastify from 'fastify';
import { eventually } from '../../testkit/eventually';
import { startRedisServer, type RedisServer } from '../../testkit/servers/redisServer';
import { redisPlugin } from '../../src/platform/redis/redisPlugin';

describe('redisPlugin', () => {
  let server: RedisServer;
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(() => server.dispose());

  it('connects nothing without REDIS_URL', async () => {
    const app = Fastify();
    await app.register(redisPlugin, { settings: undefined });
    await app.ready();
    expect(app.redis).toBeNull();
    await app.close();
  });

  it('opens the connection with the app and closes it with the app', async () => {
    const app = Fastify();
    await app.register(redisPlugin, { settings: { url: server.url, prefix: 'p:', planName: 'x' } });
    await app.ready();
    const connection = app.redis!;
    await eventually(() => expect(connection.isReady()).toBe(true));
    expect(await server.cli('CLIENT', 'LIST')).toContain('name=auditdesk-main');

    await app.close();
    expect(connection.client.status).toBe('end');
    await eventually(async () =>
      expect(await server.cli('CLIENT', 'LIST')).not.toContain('name=auditdesk-main'),
    );
  });
});
