import fs from 'node:fs';
import path from 'node:path';

/** What the server measured itself between two reads (see serverTimings.mjs). */
export interface ServerTimings {
  requests: number;
  /** from the request's headers parsed to the server's end() of its answer */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** to the answer's last byte handed to the socket (waits for the client to read a large body) */
  flushedP99Ms: number;
  flushedMaxMs: number;
  /** answered (end()) more than 1 s after the request arrived */
  slowerThan1s: number;
  serverErrors: number;
  /** closed by the client before the answer was complete */
  abandoned: number;
  /** of those, closed before the server had ended its answer, and the longest it had held one */
  abandonedUnanswered: number;
  abandonedHeldMaxMs: number;
  inFlight: number;
  eventLoopDelayMaxMs: number;
  eventLoopDelayP99Ms: number;
  gcMaxMs: number;
  gcTotalMs: number;
  /** the main thread's time on a CPU, and ready to run but waiting for one (other processes) */
  onCpuMs: number;
  waitingForCpuMs: number;
}

/**
 * The server's own per-request timings: `env` goes into the server's environment (it loads
 * serverTimings.mjs), and `read(pid)` returns what it measured since the last read.
 */
export function serverTimings(dir: string) {
  const file = path.join(dir, 'server-timings.json');
  const preload = path.join(__dirname, 'serverTimings.mjs');
  return {
    env: {
      BENCH_SERVER_TIMINGS: file,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${preload}`.trim(),
    },
    async read(pid: number): Promise<ServerTimings> {
      fs.rmSync(file, { force: true });
      process.kill(pid, 'SIGUSR2');
      const deadline = Date.now() + 30_000;
      while (!fs.existsSync(file)) {
        if (Date.now() > deadline) throw new Error('the server did not write its timings within 30 s');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return JSON.parse(fs.readFileSync(file, 'utf8')) as ServerTimings;
    },
  };
}
