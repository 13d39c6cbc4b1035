import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { describeRedisFailure } from '../../../platform/redis/describeRedisFailure';
import type { RedisConnection } from '../../../platform/redis/redisConnection';
import { SyncLockUnavailable, type SyncLease, type SyncLock } from './syncLock';

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

/**
 * The sync lock in Redis: SET key token NX PX lease. The running instance renews it; if
 * that instance dies the key expires after one lease and another instance takes over.
 */
export function createRedisSyncLock(connection: RedisConnection, leaseMs: number): SyncLock {
  const { client } = connection;
  const unavailable = (error: unknown) =>
    new SyncLockUnavailable(describeRedisFailure(error, connection.address));

  return {
    async acquire() {
      if (!(await connection.whenReady())) throw unavailable(new Error('Connection is closed.'));
      const token = `${os.hostname()}:${process.pid}:${randomBytes(12).toString('base64url')}`;
      let taken: string | null;
      try {
        taken = await client.set(SYNC_LOCK_KEY, token, 'PX', leaseMs, 'NX');
      } catch (error) {
        throw unavailable(error);
      }
      if (taken !== 'OK') return null;
      const lease: SyncLease = {
        async renew() {
          try {
            return (await client.eval(RENEW, 1, SYNC_LOCK_KEY, token, leaseMs)) === 1;
          } catch {
            return null;
          }
        },
        async release() {
          await client.eval(RELEASE, 1, SYNC_LOCK_KEY, token).catch(() => undefined);
        },
      };
      return lease;
    },
  };
}
