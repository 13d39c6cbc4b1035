// Loaded into the server's process by the load bench (NODE_OPTIONS=--import), so the server's
// code is untouched. Through Node's http diagnostics channels it times every request from its
// headers parsed to the server's end() of the answer (the server's own work and waiting) and to
// the last byte handed to the socket (which also waits for the client to read a large body);
// beside that, what can stall the process: its event loop's delay, its garbage collections,
// and the time its main thread was ready to run but waited for a CPU (/proc/self/schedstat:
// the machine's other processes). On SIGUSR2 it writes what it measured since the last time to
// $BENCH_SERVER_TIMINGS (JSON) and starts afresh.
import dc from 'node:diagnostics_channel';
import fs from 'node:fs';
import { createHistogram, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const file = process.env.BENCH_SERVER_TIMINGS;
const SLOW_MS = 1000;

/** [on CPU, waiting for a CPU] of this process's main thread so far, in ms. */
function schedstat() {
  const [running, waiting] = fs.readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ').map(Number);
  return [running / 1e6, waiting / 1e6];
}

if (isMainThread && file) {
  const started = new WeakMap();
  let ended = createHistogram(); // microseconds, to end()
  let flushed = createHistogram(); // microseconds, to the last byte handed to the socket
  let slow = 0;
  let serverErrors = 0;
  /** closed by the client before the answer was complete (a client that gave up) */
  let abandoned = 0;
  /** of those, closed before the server had ended its answer, and the longest it had held one */
  let abandonedUnanswered = 0;
  let abandonedHeldMaxMicros = 0;
  let inFlight = 0;
  let gcMaxMs = 0;
  let gcTotalMs = 0;
  let since = schedstat();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcMaxMs = Math.max(gcMaxMs, entry.duration);
      gcTotalMs += entry.duration;
    }
  }).observe({ entryTypes: ['gc'] });

  const elapsedMicros = (start) => Math.max(1, Number((process.hrtime.bigint() - start) / 1000n));

  dc.subscribe('http.server.request.start', ({ response }) => {
    const start = process.hrtime.bigint();
    started.set(response, start);
    inFlight += 1;
    response.once('prefinish', () => {
      const micros = elapsedMicros(start);
      ended.record(micros);
      if (micros > SLOW_MS * 1000) slow += 1;
      if (response.statusCode >= 500) serverErrors += 1;
    });
    response.once('close', () => {
      if (response.writableFinished) return;
      abandoned += 1;
      inFlight -= 1;
      if (response.writableEnded) return;
      abandonedUnanswered += 1;
      const held = elapsedMicros(start);
      abandonedHeldMaxMicros = Math.max(abandonedHeldMaxMicros, held);
      // held over a second and never answered: as slow as an answer after a second
      if (held > SLOW_MS * 1000) slow += 1;
    });
  });
  dc.subscribe('http.server.response.finish', ({ response }) => {
    const start = started.get(response);
    if (start === undefined) return;
    inFlight -= 1;
    flushed.record(elapsedMicros(start));
  });

  process.on('SIGUSR2', () => {
    const ms = (micros) => Math.round(micros / 10) / 100;
    const [running, waiting] = schedstat();
    const snapshot = {
      requests: ended.count,
      p50Ms: ms(ended.percentile(50)),
      p99Ms: ms(ended.percentile(99)),
      maxMs: ms(ended.max),
      flushedP99Ms: ms(flushed.percentile(99)),
      flushedMaxMs: ms(flushed.max),
      slowerThan1s: slow,
      serverErrors,
      abandoned,
      abandonedUnanswered,
      abandonedHeldMaxMs: ms(abandonedHeldMaxMicros),
      inFlight,
      eventLoopDelayMaxMs: Math.round(loop.max / 1e4) / 100,
      eventLoopDelayP99Ms: Math.round(loop.percentile(99) / 1e4) / 100,
      gcMaxMs: Math.round(gcMaxMs),
      gcTotalMs: Math.round(gcTotalMs),
      onCpuMs: Math.round(running - since[0]),
      waitingForCpuMs: Math.round(waiting - since[1]),
    };
    ended = createHistogram();
    flushed = createHistogram();
    slow = 0;
    serverErrors = 0;
    abandoned = 0;
    abandonedUnanswered = 0;
    abandonedHeldMaxMicros = 0;
    gcMaxMs = 0;
    gcTotalMs = 0;
    since = [running, waiting];
    loop.reset();
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(snapshot));
    fs.renameSync(`${file}.tmp`, file);
  });
}
