// One hub instance in a process of its own, for the hub-at-scale bench (its memory is its
// own to measure): the hub's routes on a free loopback port, on the Redis backplane at
// argv[2]. Every token `user-N` is user N, so each bench connection is its own user, as in
// production. The bench drives it over IPC:
//   { cmd: 'memory' } → { rssMB, size }   (after a full GC: run with --expose-gc)
//   { cmd: 'cpu' } → { onCpuMs, waitingMs }   (its event loop's thread: on a CPU, waiting for one)
//   { cmd: 'send', event } → { sentAt, broadcastMs }   (a StepProgress to the sync group, on
//   every instance; broadcastMs: how long the send held this instance's event loop)
// It first answers { url } once it listens and its backplane is ready.
import Fastify, { type FastifyBaseLogger } from 'fastify';
import fs from 'node:fs';
import { createRedisBackplane } from '../../src/features/realtime/backplane/redisBackplane';
import { hubRoutes } from '../../src/features/realtime/hubRoutes';
import { createSyncHub, SYNC_GROUP } from '../../src/features/realtime/syncHub';
import { loadConfig } from '../../src/platform/config/loadConfig';
import { createRedisConnection } from '../../src/platform/redis/redisConnection';
import { freePort } from '../freePort';
import { benchTokenCaller, epochNow } from './hubBench';

type Command = { cmd: 'memory' } | { cmd: 'send'; event: number } | { cmd: 'cpu' };

/** This thread's time on a CPU and ready but waiting for one so far (ms; Linux schedstat). */
function threadCpu() {
  const [onCpu = 0, waiting = 0] = fs
    .readFileSync('/proc/thread-self/schedstat', 'utf8')
    .split(' ')
    .map(Number);
  return { onCpuMs: onCpu / 1e6, waitingMs: waiting / 1e6 };
}

const silent = { error() {}, info() {}, warn() {}, child: () => silent } as unknown as FastifyBaseLogger;

async function main() {
  const redisUrl = process.argv[2];
  if (!redisUrl || !process.send) throw new Error('Run by the hub-scale bench: fork it with a Redis URL.');
  const redis = createRedisConnection({ url: redisUrl, prefix: 'bench:', planName: 'bench' }, silent);
  const hub = createSyncHub({ backplane: createRedisBackplane(redis) });
  const tokenCaller = benchTokenCaller;
  const port = await freePort();
  const app = Fastify({ forceCloseConnections: true });
  await app.register(hubRoutes, {
    hub,
    tokenCaller,
    config: loadConfig({ HOST: '127.0.0.1', PORT: String(port) }),
  });
  await app.listen({ port, host: '127.0.0.1' });
  await redis.whenReady();

  process.on('message', (command: Command) => {
    if (command.cmd === 'send') {
      const sentAt = epochNow();
      hub.broadcast(SYNC_GROUP, 'StepProgress', [`event-${command.event}`, sentAt, 'bench']);
      process.send!({ sentAt, broadcastMs: epochNow() - sentAt });
    } else if (command.cmd === 'cpu') {
      process.send!(threadCpu());
    } else if (command.cmd === 'memory') {
      (globalThis as { gc?: () => void }).gc?.();
      process.send!({ rssMB: process.memoryUsage().rss / 2 ** 20, size: hub.size });
    }
  });
  // the bench ends: so does this instance
  process.on('disconnect', () => {
    hub.stop();
    void app
      .close()
      .then(() => redis.close())
      .finally(() => process.exit(0));
  });
  process.send({ url: `http://127.0.0.1:${port}` });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
