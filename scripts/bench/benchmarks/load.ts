import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seededDataDir } from '../../../server/testkit/bench/benchLeads';
import { startAppServer } from '../../e2e/support/appServer';
import { againstLimit, reportOnly, type Benchmark, type Figure } from '../benchmark';
import { peakRssMB } from '../support/processMemory';
import { serverTimings, type ServerTimings } from '../support/serverTimings';
import { signInTokens } from '../support/signedInContext';
import { percentile, round } from '../support/statistics';

const LEADS = 20_000;
const CONNECTIONS = 200;
const PHASE_SECONDS = 10;
/** A request unanswered this long has failed, as far as a person waiting is concerned. */
const TIMEOUT_SECONDS = 5;
/** The load generator's worker threads: its own event loops, apart from the bench's. */
const CLIENT_WORKERS = 2;

interface Phase {
  name: string;
  path: string;
  headers?: Record<string, string>;
}

/** The health probe in a process of its own (see healthProbe.mjs): stop() returns its answers' latencies in ms. */
function probeHealth(url: string) {
  const child = spawn(process.execPath, [path.join(__dirname, '../support/healthProbe.mjs'), url], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'close', not 'exit': the output may still be arriving when the process has exited
  const exited = once(child, 'close');
  return {
    async stop(): Promise<{ latencies: number[]; failures: number }> {
      child.stdin.end();
      const [code] = await exited;
      if (code !== 0) throw new Error(`the health probe exited with ${code}`);
      return JSON.parse(output);
    },
    /** For a run that ended early: the probe must not outlive it. */
    kill() {
      if (child.exitCode === null) child.kill();
    },
  };
}

/**
 * Requests that failed: connection errors, no answer within TIMEOUT_SECONDS, any status
 * but 2xx and 304. (Those still in flight when the phase ends are only counted.)
 */
function failuresOf(result: autocannon.Result): {
  failed: number;
  inFlight: number;
  errors: number;
  timeouts: number;
  statuses: number;
  codes: [string, number][];
} {
  const { statusCodeStats = {}, requests } = result as autocannon.Result & {
    statusCodeStats?: Record<string, { count: number }>;
    requests: { sent: number };
  };
  const codes = Object.entries(statusCodeStats)
    .filter(([code]) => !(code.startsWith('2') || code === '304'))
    .map(([code, stats]): [string, number] => [code, stats?.count ?? 0]);
  const bad = codes.reduce((sum, [, count]) => sum + count, 0);
  return {
    // autocannon counts timeouts among its errors
    failed: result.errors + bad,
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    statuses: bad,
    codes,
    inFlight: Math.max(0, requests.sent - requests.total),
  };
}

/** Waits (at most a minute) until the server answers /api/health within a second again. */
async function drained(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const started = Date.now();
    try {
      await (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(10_000) })).arrayBuffer();
      if (Date.now() - started < 1000) return;
    } catch {
      // still busy
    }
  }
}

const serverDetails = (server: ServerTimings) => ({
  'server p99 ms': server.p99Ms,
  'server max ms': server.maxMs,
  'closed by the client before the answer': server.abandonedUnanswered,
  'last byte sent max ms': server.flushedMaxMs,
  'event-loop delay max ms': server.eventLoopDelayMaxMs,
  'GC max ms': server.gcMaxMs,
  'server on CPU ms': server.onCpuMs,
  'server waiting for a CPU ms': server.waitingForCpuMs,
});

/**
 * The server in its own process with 20,000 leads, under autocannon with 200 connections
 * (in worker threads) for 10 s per phase: /api/leads (first requests, then conditional ones
 * with the ETag when the server sends one), then /api/leads/grid-data, while one client in a
 * process of its own keeps asking /api/health. The server times every request itself
 * (serverTimings.mjs). Issue 9's load goals: peak RSS < 600 MB, health p99 < 200 ms, no
 * failed requests; the last is held on the server's own timings (none over 1 s, none a 5xx),
 * the client's failures beside it.
 */
export const loadBenchmark: Benchmark = {
  name: 'load',
  about: `${CONNECTIONS} connections on /api/leads (first and conditional) and grid-data, ${LEADS.toLocaleString('en-US')} leads, /api/health meanwhile`,
  async run() {
    const { dir } = await seededDataDir(LEADS);
    const timings = serverTimings(dir);
    const server = await startAppServer({
      DATA_DIR: dir,
      CALENDAR_ICS: path.join(dir, 'none.ics'),
      ...timings.env,
    });
    let health: ReturnType<typeof probeHealth> | undefined;
    try {
      const { token } = await signInTokens(server.url);
      const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' };
      const first = await fetch(`${server.url}/api/leads`, { headers });
      if (!first.ok) throw new Error(`GET /api/leads answered ${first.status}`);
      await first.arrayBuffer();
      const etag = first.headers.get('etag');

      const phases: Phase[] = [
        { name: 'GET /api/leads', path: '/api/leads' },
        ...(etag
          ? [
              {
                name: 'GET /api/leads, If-None-Match',
                path: '/api/leads',
                headers: { 'if-none-match': etag },
              },
            ]
          : []),
        { name: 'GET /api/leads/grid-data', path: '/api/leads/grid-data' },
      ];
      health = probeHealth(server.url);
      const figures: Figure[] = [];
      let clientFailed = 0;
      const why = { errors: 0, timeouts: 0, statuses: 0 };
      const badCodes = new Map<string, number>();
      const onServer: ServerTimings[] = [];
      const loadAverage = os.loadavg()[0]!;
      const clientCpu = process.cpuUsage();
      await drained(server.url);
      await timings.read(server.pid);
      for (const phase of phases) {
        const result = await autocannon({
          url: `${server.url}${phase.path}`,
          headers: { ...headers, ...phase.headers },
          connections: CONNECTIONS,
          workers: CLIENT_WORKERS,
          duration: PHASE_SECONDS,
          timeout: TIMEOUT_SECONDS,
        });
        // the phase's requests still being answered are the server's too: let it finish them
        await drained(server.url);
        const onPhase = await timings.read(server.pid);
        onServer.push(onPhase);
        const { failed, inFlight, codes, ...reasons } = failuresOf(result);
        clientFailed += failed;
        why.errors += reasons.errors;
        why.timeouts += reasons.timeouts;
        why.statuses += reasons.statuses;
        for (const [code, count] of codes) badCodes.set(code, (badCodes.get(code) ?? 0) + count);
        figures.push(
          reportOnly(
            `${phase.name}, ${CONNECTIONS} connections, ${LEADS.toLocaleString('en-US')} leads`,
            { value: round(result.requests.average), unit: 'req/s' },
            {
              'p50 ms': result.latency.p50,
              'p99 ms': result.latency.p99,
              failed,
              ...(failed ? reasons : {}),
              'in flight at the end': inFlight,
              ...serverDetails(onPhase),
            },
          ),
        );
      }
      const probe = await health.stop();
      if (!etag)
        figures.push(
          reportOnly('GET /api/leads, If-None-Match: not measured, the server sends no ETag', {
            value: 0,
            unit: '',
          }),
        );
      const clientCpuMs = (({ user, system }) => (user + system) / 1000)(process.cpuUsage(clientCpu));
      const sum = (pick: (one: ServerTimings) => number) =>
        onServer.reduce((total, one) => total + pick(one), 0);
      const most = (pick: (one: ServerTimings) => number) => Math.max(...onServer.map(pick));
      figures.push(
        againstLimit(
          'server: requests over 1 s or 5xx under load (its own timings)',
          { value: sum((one) => one.slowerThan1s + one.serverErrors), unit: '' },
          '=',
          0,
          {
            'max ms': most((one) => one.maxMs),
            'p99 ms (worst phase)': most((one) => one.p99Ms),
            '5xx': sum((one) => one.serverErrors),
            'closed by the client before the answer': sum((one) => one.abandonedUnanswered),
            'held by the server at most ms': most((one) => one.abandonedHeldMaxMs),
            'event-loop delay max ms': most((one) => one.eventLoopDelayMaxMs),
            'GC max ms': most((one) => one.gcMaxMs),
            'server on CPU ms': sum((one) => one.onCpuMs),
            'server waiting for a CPU ms': sum((one) => one.waitingForCpuMs),
            'load generator CPU ms': Math.round(clientCpuMs),
            'load average': round(loadAverage),
          },
        ),
        reportOnly(
          `load generator: failed requests (errors, no answer in ${TIMEOUT_SECONDS} s)`,
          { value: clientFailed + probe.failures, unit: '' },
          {
            ...why,
            ...(badCodes.size
              ? { 'status codes': [...badCodes].map(([code, n]) => `${code} × ${n}`).join(' ') }
              : {}),
            'health probe': probe.failures,
          },
        ),
        againstLimit(
          'server peak RSS under load',
          { value: round(peakRssMB(server.pid)), unit: 'MB' },
          '<',
          600,
        ),
        againstLimit(
          '/api/health p99 under load',
          { value: round(percentile(probe.latencies, 0.99)), unit: 'ms' },
          '<',
          200,
          { p50: round(percentile(probe.latencies, 0.5)), samples: probe.latencies.length },
        ),
      );
      return figures;
    } finally {
      health?.kill();
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
