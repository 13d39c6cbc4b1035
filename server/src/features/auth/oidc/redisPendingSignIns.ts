import { createHash } from 'node:crypto';
import { preferRedis } from '../../../platform/redis/preferRedis';
import type { RedisConnection } from '../../../platform/redis/redisConnection';
import {
  createPendingSignIns,
  PENDING_TTL_MS,
  type PendingSignIn,
  type PendingSignInLimits,
  type PendingSignIns,
} from './pendingSignIns';

/**
 * Keeps a sign-in unless the store or the address's share is full. Both shares are sorted
 * sets scored by expiry, so expired sign-ins stop counting by themselves.
 * KEYS: the sign-in, all sign-ins, the address's; ARGV: now, expiresAt, ttl, max total,
 * max per address, the sign-in (JSON), its member name.
 */
const PUT = `
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then return 0 end
if redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[5]) then return 0 end
redis.call('SET', KEYS[1], ARGV[6], 'PX', ARGV[3])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[7])
redis.call('ZADD', KEYS[3], ARGV[2], ARGV[7])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
redis.call('PEXPIRE', KEYS[3], ARGV[3])
return 1`;

/** GET and DEL in one step: a sign-in is taken once, by one instance. */
const TAKE = `
local value = redis.call('GET', KEYS[1])
if value then redis.call('DEL', KEYS[1]) end
return value`;

const hashOf = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * Pending sign-ins in Redis (under REDIS_PREFIX + "oidc:pending:"), so the provider's
 * return may reach any instance: the same bounds and no eviction as in-process.
 */
export function createRedisPendingSignIns(
  connection: RedisConnection,
  {
    now = () => Date.now(),
    maxTotal = 10_000,
    maxPerAddress = 20,
    ttlMs = PENDING_TTL_MS,
  }: PendingSignInLimits = {},
): PendingSignIns {
  const { client } = connection;
  const all = 'oidc:pending:all';
  const ofAddress = (address: string) => `oidc:pending:address:${address}`;
  const ofState = (member: string) => `oidc:pending:state:${member}`;
  return {
    async put(state, signIn, address) {
      const member = hashOf(state);
      const time = now();
      const value = JSON.stringify({ signIn, address, expiresAt: time + ttlMs });
      const kept = await client.eval(
        PUT,
        3,
        ofState(member),
        all,
        ofAddress(address),
        time,
        time + ttlMs,
        ttlMs,
        maxTotal,
        maxPerAddress,
        value,
        member,
      );
      return kept === 1;
    },

    async take(state) {
      const member = hashOf(state);
      const value = (await client.eval(TAKE, 1, ofState(member))) as string | null;
      if (!value) return null;
      const { signIn, address, expiresAt } = JSON.parse(value) as {
        signIn: PendingSignIn;
        address: string;
        expiresAt: number;
      };
      await client.multi().zrem(all, member).zrem(ofAddress(address), member).exec();
      return expiresAt > now() ? signIn : null;
    },
  };
}

/** In Redis while it answers; in this process while it is away (then the return must reach this instance). */
export function createSharedPendingSignIns(connection: RedisConnection): PendingSignIns {
  const shared = createRedisPendingSignIns(connection);
  const local = createPendingSignIns();
  const either = preferRedis(connection);
  return {
    put: (state, signIn, address) =>
      either(
        () => shared.put(state, signIn, address),
        () => local.put(state, signIn, address),
      ),
    take: async (state) =>
      (await either(
        () => shared.take(state),
        async () => null,
      )) ?? local.take(state),
  };
}
