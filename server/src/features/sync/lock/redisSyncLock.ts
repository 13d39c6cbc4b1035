import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { describeRedisFailure } from '../../../platform/redis/describeRedisFailure';
import type { RedisConnection } from '../../../platform/redis/redisConnection';
import { SyncLockUnavailable, type LockHolder, type SyncLease, type SyncLock } from './syncLock';

export const SYNC_LOCK_KEY = 'sync:lock';

/**
 * Renews our lease; takes it back if Redis lost the key (a restart without persistence),
 * since then nobody else holds it. 1: ours, 0: another instance's.
 */
const RENEW = `
local current = redis.call('GET', KEYS[1])
if current == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if not current then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
return 0`;

/** Compare-and-delete: frees the lock only while it is still ours. */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** Compare-and-set: replaces the value only while it is still the one given. 1: replaced. */
const REPLACE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) return 1 end
return 0`;

const BOUND = / run (\d+)$/;

/**
 * The sync lock in Redis: SET key token NX PX lease. The running instance renews it; if
 * that instance dies the key expires after one lease and another instance takes over. Once
 * the run's row exists the value names it (`<token> run <id>`), so an instance that finds
 * the lock held by a run the database has failed takes the lock at once (takeFrom) rather
 * than refusing starts until the dead run's lease expires.
 */
export function createRedisSyncLock(connection: RedisConnection, leaseMs: number): SyncLock {
  const { client } = connection;
  const unavailable = (error: unknown) =>
    new SyncLockUnavailable(describeRedisFailure(error, connection.address));
  const newToken = () => `${os.hostname()}:${process.pid}:${randomBytes(12).toString('base64url')}`;

  function leaseOf(initial: string): SyncLease {
    let value = initial;
    return {
      async bind(runId) {
        const bound = `${value} run ${runId}`;
        const replaced = await client.eval(REPLACE, 1, SYNC_LOCK_KEY, value, bound, leaseMs).catch(() => 0);
        // not replaced: lost already, which the next renewal tells
        if (replaced === 1) value = bound;
      },
      async renew() {
        try {
          return (await client.eval(RENEW, 1, SYNC_LOCK_KEY, value, leaseMs)) === 1;
        } catch {
          return null;
        }
      },
      async release() {
        await client.eval(RELEASE, 1, SYNC_LOCK_KEY, value).catch(() => undefined);
      },
    };
  }

  return {
    async acquire() {
      if (!(await connection.whenReady())) throw unavailable(new Error('Connection is closed.'));
      const token = newToken();
      let taken: string | null;
      try {
        taken = await client.set(SYNC_LOCK_KEY, token, 'PX', leaseMs, 'NX');
      } catch (error) {
        throw unavailable(error);
      }
      return taken === 'OK' ? leaseOf(token) : null;
    },

    async holder(): Promise<LockHolder | null> {
      let value: string | null;
      try {
        value = await client.get(SYNC_LOCK_KEY);
      } catch (error) {
        throw unavailable(error);
      }
      if (value === null) return null;
      const bound = BOUND.exec(value);
      return { runId: bound ? Number(bound[1]) : null, value };
    },

    async takeFrom(holder) {
      const token = newToken();
      let replaced: unknown;
      try {
        replaced = await client.eval(REPLACE, 1, SYNC_LOCK_KEY, holder.value, token, leaseMs);
      } catch (error) {
        throw unavailable(error);
      }
      return replaced === 1 ? leaseOf(token) : null;
    },
  };
}
