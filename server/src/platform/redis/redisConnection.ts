import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';
import type { RedisSettings } from '../config/loadConfig';
import { redisAddress } from './redisAddress';
import { CONNECT_TIMEOUT_MS, redisClientOptions } from './redisClientOptions';
import { reportOutages } from './reportOutages';

/** The app's way to Redis: one main client, and more (e.g. subscribers) with the same settings. */
export interface RedisConnection {
  /** For commands; keys get `prefix` put before them. */
  readonly client: Redis;
  /** REDIS_PREFIX: the start of every key this app writes. */
  readonly prefix: string;
  /** host:port, without credentials, for logs and messages. */
  readonly address: string;
  /** Whether the main client can send a command now. */
  isReady(): boolean;
  /**
   * Whether the main client can send a command: waits for the first connection (at most a
   * connection attempt's time) but not during an outage, so a caller fails fast then.
   */
  whenReady(): Promise<boolean>;
  /** Another client on the same server and settings, logged alike and closed with this connection. */
  createClient(purpose: string, overrides?: Partial<RedisOptions>): Redis;
  /** Ends every client: politely when connected, at once when not. */
  close(): Promise<void>;
}

async function closeClient(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  // between attempts there is no socket: stopping the retry timer is all there is to do
  if (client.status === 'reconnecting' || client.status === 'wait') return client.disconnect();
  // not events.once: it rejects on 'error', and a client closed mid-handshake emits one
  // (its ready check's INFO finds the stream gone) before it ends
  const ended = new Promise((resolve) => client.once('end', resolve));
  if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
  else client.disconnect();
  await ended;
}

/**
 * Connects in the background and keeps reconnecting: a Redis that is down at start or goes
 * away later costs the callers a fast failure, never the app's start or a hung request.
 */
export function createRedisConnection(settings: RedisSettings, log: FastifyBaseLogger): RedisConnection {
  const address = redisAddress(settings.url);
  const clients: Redis[] = [];
  const createClient = (purpose: string, overrides: Partial<RedisOptions> = {}) => {
    const client = new Redis(settings.url, { ...redisClientOptions(settings.prefix, purpose), ...overrides });
    reportOutages(client, log.child({ redis: address, client: purpose }));
    clients.push(client);
    return client;
  };
  const client = createClient('main');
  let connectedOnce = false;
  client.once('ready', () => (connectedOnce = true));
  return {
    client,
    prefix: settings.prefix,
    address,
    isReady: () => client.status === 'ready',
    async whenReady() {
      if (client.status === 'ready') return true;
      if (connectedOnce || client.status === 'end') return false;
      return new Promise<boolean>((resolve) => {
        const done = (ready: boolean) => {
          clearTimeout(timer);
          client.off('ready', onReady);
          resolve(ready);
        };
        const onReady = () => done(true);
        const timer = setTimeout(() => done(false), CONNECT_TIMEOUT_MS);
        client.once('ready', onReady);
      });
    },
    createClient,
    close: async () => {
      await Promise.all(clients.map(closeClient));
    },
  };
}
