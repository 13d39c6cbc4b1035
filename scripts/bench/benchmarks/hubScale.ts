import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { connectNodeClient, epochNow } from '../../../server/testkit/bench/hubBench';
import { startRedisServer } from '../../../server/testkit/servers/redisServer';
import { ROOT } from '../../apps';
import { againstLimit, type Benchmark } from '../benchmark';
import { percentile, round } from '../support/statistics';

const CONNECTIONS = 5_000;
/** Official @microsoft/signalr clients among them: the raw ones speak the same protocol. */
const OFFICIAL_CLIENTS = 10;
const CLIENT_WORKERS = 4;
const EVENTS = 30;
const EVENT_SPACING_MS = 500;
/** Connections open and idle this long before their memory is read. */
const SETTLE_MS = 3_000;

/** An event's arrival at one connection: ms from its send, and the instance it came through. */
type Arrival = [event: string, ms: number, instance: number];

/** This process holds every client socket: its open-file limit must leave room for them. */
function checkOpenFileLimit(needed: number): void {
  const soft = /^Max open files\s+(\d+|unlimited)/m.exec(fs.readFileSync('/proc/self/limits', 'utf8'))?.[1];
  if (soft && soft !== 'unlimited' && Number(soft) < needed)
    throw new Error(
      `${CONNECTIONS.toLocaleString('en-US')} connections need ${needed} open files; the limit is ${soft}: raise it (ulimit -n ${needed * 2}) and run again.`,
    );
}

/** One hub instance in a process of its own (server/testkit/bench/hubScaleInstance.ts), driven over IPC. */
async function startInstance(redisUrl: string) {
  const child: ChildProcess = fork(path.join(ROOT, 'server/testkit/bench/hubScaleInstance.ts'), [redisUrl], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // answers come in the order asked
  const waiting: { resolve: (message: unknown) => void; reject: (error: Error) => void }[] = [];
  child.on('message', (message) => waiting.shift()?.resolve(message));
  child.on('exit', (code) => {
    for (const one of waiting.splice(0)) one.reject(new Error(`a hub instance exited (${code})`));
  });
  const next = <T>() =>
    new Promise<T>((resolve, reject) =>
      waiting.push({ resolve: resolve as (message: unknown) => void, reject }),
    );
  const { url } = await next<{ url: string }>();
  const ask = async <T>(command: object): Promise<T> => {
    const answer = next<T>();
    child.send(command);
    return answer;
  };
  return {
    url,
    memory: () => ask<{ rssMB: number; size: number }>({ cmd: 'memory' }),
    cpu: () => ask<{ onCpuMs: number; waitingMs: number }>({ cmd: 'cpu' }),
    send: (event: number) => ask<{ sentAt: number; broadcastMs: number }>({ cmd: 'send', event }),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.disconnect();
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** Raw hub clients in worker threads (scripts/bench/support/hubRawClients.mjs). */
async function startRawClients(urls: string[], count: number) {
  const perWorker = Math.ceil(count / CLIENT_WORKERS);
  const workers = Array.from({ length: CLIENT_WORKERS }, (_, index) => {
    const first = index * perWorker;
    return new Worker(path.join(__dirname, '../support/hubRawClients.mjs'), {
      workerData: { root: ROOT, urls, users: [first, Math.max(0, Math.min(perWorker, count - first))] },
    });
  });
  const next = <T>(worker: Worker) => once(worker, 'message').then(([message]) => message as T);
  const opened = await Promise.all(
    workers.map((worker) => next<{ connected: number; failed: number }>(worker)),
  );
  return {
    connected: opened.reduce((sum, one) => sum + one.connected, 0),
    failed: opened.reduce((sum, one) => sum + one.failed, 0),
    /** Starts counting arrivals (and the threads' CPU time) afresh. */
    mark: () =>
      Promise.all(
        workers.map((worker) => {
          const answer = next<object>(worker);
          worker.postMessage({ cmd: 'mark' });
          return answer;
        }),
      ),
    async collect() {
      type Collected = { arrivals: Arrival[]; closed: number; onCpuMs: number; waitingMs: number };
      const answers = await Promise.all(
        workers.map((worker) => {
          const answer = next<Collected>(worker);
          worker.postMessage({ cmd: 'collect' });
          return answer;
        }),
      );
      const sum = (pick: (one: Collected) => number) => answers.reduce((total, one) => total + pick(one), 0);
      return {
        arrivals: answers.flatMap((answer) => answer.arrivals),
        closed: sum((one) => one.closed),
        onCpuMs: sum((one) => one.onCpuMs),
        waitingMs: sum((one) => one.waitingMs),
      };
    },
    async stop() {
      for (const worker of workers) worker.postMessage({ cmd: 'stop' });
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

async function officialClients(urls: string[], count: number) {
  const arrivals: Arrival[] = [];
  const connections: Awaited<ReturnType<typeof connectNodeClient>>[] = [];
  for (let i = 0; i < count; i += 1) {
    const connection = await connectNodeClient(urls[i % urls.length]!, 1_000_000 + i);
    connection.on('StepProgress', (event: string, sentAt: number) =>
      arrivals.push([event, epochNow() - sentAt, i % urls.length]),
    );
    await connection.invoke('JoinSyncGroup');
    connections.push(connection);
  }
  return { arrivals, stop: () => Promise.all(connections.map((connection) => connection.stop())) };
}

/**
 * The hub at scale: 5,000 WebSocket connections (a few official clients, the rest raw
 * SignalR JSON clients in worker threads) spread over two hub instances, each in a process
 * of its own, on one redis-server. 30 progress events, sent in turn by either instance, each
 * timed from the send to its arrival at every connection. Memory: each instance's RSS (after
 * a full GC) with its connections open and idle, less its RSS before, ÷ its connections.
 */
export const hubScaleBenchmark: Benchmark = {
  name: 'hub-scale',
  about: `one event to ${CONNECTIONS.toLocaleString('en-US')} WebSocket connections over two instances with Redis; memory per idle connection`,
  async run() {
    checkOpenFileLimit(CONNECTIONS + 500);
    const redis = await startRedisServer();
    const instances: Awaited<ReturnType<typeof startInstance>>[] = [];
    let raw: Awaited<ReturnType<typeof startRawClients>> | undefined;
    let official: Awaited<ReturnType<typeof officialClients>> | undefined;
    try {
      instances.push(await startInstance(redis.url), await startInstance(redis.url));
      const urls = instances.map((instance) => instance.url);
      const before = await Promise.all(instances.map((instance) => instance.memory()));
      const loadAverage = os.loadavg()[0]!;
      raw = await startRawClients(urls, CONNECTIONS - OFFICIAL_CLIENTS);
      official = await officialClients(urls, OFFICIAL_CLIENTS);
      const connected = raw.connected + OFFICIAL_CLIENTS;
      if (connected < CONNECTIONS)
        throw new Error(
          `only ${connected} of ${CONNECTIONS} connections opened (${raw.failed} refused or failed)`,
        );
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      const after = await Promise.all(instances.map((instance) => instance.memory()));
      const perConnectionKB = after.map(
        (one, index) => ((one.rssMB - before[index]!.rssMB) * 1024) / (one.size - before[index]!.size),
      );

      await raw.mark();
      official.arrivals.length = 0;
      const cpuBefore = await Promise.all(instances.map((instance) => instance.cpu()));
      const broadcastMs: number[] = [];
      for (let event = 0; event < EVENTS; event += 1) {
        broadcastMs.push((await instances[event % instances.length]!.send(event)).broadcastMs);
        await new Promise((resolve) => setTimeout(resolve, EVENT_SPACING_MS));
      }
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const cpuAfter = await Promise.all(instances.map((instance) => instance.cpu()));
      const servers = (pick: (cpu: { onCpuMs: number; waitingMs: number }) => number) =>
        Math.round(cpuAfter.reduce((total, cpu, index) => total + pick(cpu) - pick(cpuBefore[index]!), 0));
      const { arrivals, closed, ...clientsCpu } = await raw.collect();
      const all = [...arrivals, ...official.arrivals];
      const expected = EVENTS * CONNECTIONS;
      const missed = expected - all.length;
      // a delivery that never came counts as the slowest
      const samples = [...all.map(([, ms]) => ms), ...Array<number>(Math.max(0, missed)).fill(Infinity)];
      const reachedAll = Array.from({ length: EVENTS }, (_, event) =>
        all.reduce((most, [name, ms]) => (name === `event-${event}` ? Math.max(most, ms) : most), 0),
      );
      const officialP95 = percentile(
        official.arrivals.map(([, ms]) => ms),
        0.95,
      );
      const p95 = percentile(samples, 0.95);
      const sender = (name: string) => Number(name.slice('event-'.length)) % instances.length;
      const p95Of = (arrived: Arrival[]) =>
        round(
          percentile(
            arrived.map(([, ms]) => ms),
            0.95,
          ),
        );
      if (!Number.isFinite(p95)) throw new Error(`${missed} of ${expected} deliveries never arrived`);
      return [
        againstLimit(
          `hub: event to ${CONNECTIONS.toLocaleString('en-US')} WebSockets on two instances (Redis), p95`,
          { value: round(p95), unit: 'ms' },
          '<',
          100,
          {
            p50: round(percentile(samples, 0.5)),
            max: round(samples.reduce((most, ms) => Math.max(most, ms), 0)),
            'reaching all, median ms': round(percentile(reachedAll, 0.5)),
            'reaching all, p95 ms': round(percentile(reachedAll, 0.95)),
            'p95 on the sending instance': p95Of(all.filter(([name, , on]) => on === sender(name))),
            'p95 through Redis': p95Of(all.filter(([name, , on]) => on !== sender(name))),
            'sending instance busy, median ms': round(percentile(broadcastMs, 0.5)),
            [`${OFFICIAL_CLIENTS} official clients p95 ms`]: round(officialP95),
            'deliveries missed': missed,
            'closed meanwhile': closed,
            'servers on a CPU ms': servers((cpu) => cpu.onCpuMs),
            'servers waiting for a CPU ms': servers((cpu) => cpu.waitingMs),
            'raw clients on a CPU ms': Math.round(clientsCpu.onCpuMs),
            'raw clients waiting for a CPU ms': Math.round(clientsCpu.waitingMs),
            'load average': round(loadAverage),
          },
        ),
        againstLimit(
          'hub: server RSS per idle WebSocket (growth ÷ connections)',
          { value: round(Math.max(...perConnectionKB)), unit: 'KB' },
          '<',
          50,
          Object.fromEntries(
            after.map((one, index) => [
              `instance ${index + 1}: connections, RSS MB before → after`,
              `${one.size}, ${round(before[index]!.rssMB)} → ${round(one.rssMB)}`,
            ]),
          ),
        ),
      ];
    } finally {
      await official?.stop();
      await raw?.stop();
      for (const instance of instances) await instance.stop();
      await redis.dispose();
    }
  },
};
