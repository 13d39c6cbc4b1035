import { createHash } from 'node:crypto';
import { preferRedis } from '../../../platform/redis/preferRedis';
import type { RedisConnection } from '../../../platform/redis/redisConnection';
import {
  CODE_TTL_MS,
  createSignInCodes,
  MAX_CODES,
  newSignInCode,
  type CompletedSignIn,
  type SignInCodes,
} from './signInCodes';

/** Keeps a code unless the store is full (a sorted set scored by expiry). KEYS: the code, all; ARGV: now, expiresAt, ttl, max, value, member. */
const ISSUE = `
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then return 0 end
redis.call('SET', KEYS[1], ARGV[5], 'PX', ARGV[3])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[6])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return 1`;

/** Compare-and-delete: of two instances spending one code, one succeeds. */
const SPEND = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

const hashOf = (text: string) => createHash('sha256').update(text).digest('base64url');

/** One-time sign-in codes in Redis (under REDIS_PREFIX + "oidc:codes:"), spendable on any instance. */
export function createRedisSignInCodes(
  connection: RedisConnection,
  { now = () => Date.now(), max = MAX_CODES }: { now?: () => number; max?: number } = {},
): SignInCodes {
  const { client } = connection;
  const all = 'oidc:codes:all';
  const ofCode = (member: string) => `oidc:codes:code:${member}`;
  return {
    async issue(signIn) {
      const code = newSignInCode();
      const member = hashOf(code);
      const time = now();
      const value = JSON.stringify(signIn);
      const kept = await client.eval(
        ISSUE,
        2,
        ofCode(member),
        all,
        time,
        time + CODE_TTL_MS,
        CODE_TTL_MS,
        max,
        value,
        member,
      );
      return kept === 1 ? code : null;
    },
    async take(code, fromRightBrowser) {
      const member = hashOf(code);
      const value = await client.get(ofCode(member));
      if (!value) return null;
      const signIn = JSON.parse(value) as CompletedSignIn;
      if (!fromRightBrowser(signIn)) return null;
      if ((await client.eval(SPEND, 1, ofCode(member), value)) !== 1) return null;
      await client.zrem(all, member);
      return signIn;
    },
  };
}

/** In Redis while it answers; in this process while it is away. */
export function createSharedSignInCodes(connection: RedisConnection): SignInCodes {
  const shared = createRedisSignInCodes(connection);
  const local = createSignInCodes();
  const either = preferRedis(connection);
  return {
    issue: (signIn) =>
      either(
        () => shared.issue(signIn),
        () => local.issue(signIn),
      ),
    take: async (code, fromRightBrowser) =>
      (await either(
        () => shared.take(code, fromRightBrowser),
        async () => null,
      )) ?? local.take(code, fromRightBrowser),
  };
}
