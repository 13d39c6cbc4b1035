import { chromium, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {
  epochNow,
  holdIdleConnections,
  measureHubInProcess,
  startBenchHub,
  type BenchHub,
  type BenchTransport,
} from '../../../server/testkit/bench/hubBench';
import { chromiumLaunchOptions } from '../../e2e/support/chromium';
import { againstLimit, reportOnly, type Benchmark, type Figure } from '../benchmark';
import { percentile, round } from '../support/statistics';

const IDLE = 500;
const SENDS = 300;
const SEND_INTERVAL_MS = 50;
const TRANSPORTS: BenchTransport[] = ['WebSockets', 'ServerSentEvents', 'LongPolling'];
const SIGNALR_BROWSER_BUNDLE = path.join(
  path.dirname(require.resolve('@microsoft/signalr', { paths: [path.join(__dirname, '../../../server')] })),
  '../browser/signalr.min.js',
);

/** A page on the hub's own origin that loads the official browser client. */
function benchPageRoutes(app: BenchHub['app']) {
  app.get('/bench/page', (_request, reply) =>
    reply
      .type('text/html')
      .send('<!doctype html><title>hub bench</title><script src="/bench/signalr.js"></script>'),
  );
  app.get('/bench/signalr.js', (_request, reply) =>
    reply.type('text/javascript').send(fs.readFileSync(SIGNALR_BROWSER_BUNDLE)),
  );
}

/** Runs in the page: connects over `transport`, joins the group, records each event's arrival time. */
const CONNECT_IN_PAGE = `async (transport) => {
  window.__arrivals = [];
  const connection = new signalR.HubConnectionBuilder()
    .withUrl('/hubs/sync', { transport: signalR.HttpTransportType[transport], accessTokenFactory: () => 'user-0' })
    .configureLogging(signalR.LogLevel.None)
    .build();
  connection.on('StepProgress', (_step, sentAt) => window.__arrivals.push([sentAt, performance.timeOrigin + performance.now()]));
  await connection.start();
  await connection.invoke('JoinSyncGroup');
  window.__connection = connection;
  return connection.connection.transport.constructor.name;
}`;

/**
 * The page's clock minus this process's clock, from the quickest of 30 round trips
 * (the offset lies within half a round trip of the midpoint).
 */
async function clockOffset(page: Page): Promise<{ offsetMs: number; uncertaintyMs: number }> {
  let best = { offsetMs: 0, uncertaintyMs: Infinity };
  for (let i = 0; i < 30; i += 1) {
    const before = epochNow();
    const pageNow = (await page.evaluate('performance.timeOrigin + performance.now()')) as number;
    const after = epochNow();
    if ((after - before) / 2 < best.uncertaintyMs)
      best = { offsetMs: pageNow - (before + after) / 2, uncertaintyMs: (after - before) / 2 };
  }
  return best;
}

async function measureInBrowser(hub: BenchHub, page: Page, transport: BenchTransport): Promise<number[]> {
  await page.goto(`${hub.url}/bench/page`);
  await page.evaluate(`(${CONNECT_IN_PAGE})(${JSON.stringify(transport)})`);
  const { offsetMs } = await clockOffset(page);
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (let i = 0; i < SENDS; i += 1) {
    hub.sendProgress();
    await new Promise((resolve) => setTimeout(resolve, SEND_INTERVAL_MS));
  }
  await page.waitForFunction(`window.__arrivals.length >= ${SENDS}`, undefined, { timeout: 10_000 });
  const arrivals = (await page.evaluate('window.__arrivals')) as [number, number][];
  await page.evaluate('window.__connection.stop()');
  return arrivals.map(([sentAt, arrivedAt]) => arrivedAt - offsetMs - sentAt);
}

/**
 * Hub to client with 500 idle connections held: to an official Node client in the hub's
 * process, and to the official browser client in Chromium over each transport (a progress
 * event every 50 ms; the page's clock is matched to the server's by round trips).
 */
export const hubBenchmark: Benchmark = {
  name: 'hub',
  about: `progress event from the hub's send to the client, ${IDLE} idle connections held: Node client, then Chromium per transport`,
  async run() {
    const figures: Figure[] = [];
    const inProcess = await measureHubInProcess(IDLE);
    figures.push(
      againstLimit(
        'hub → Node client (same process), p95',
        { value: round(percentile(inProcess.samples, 0.95)), unit: 'ms' },
        '<',
        50,
        { p50: round(percentile(inProcess.samples, 0.5)), 'idle held': inProcess.connectedAtEnd },
      ),
    );

    const hub = await startBenchHub(benchPageRoutes);
    const browser = await chromium.launch(chromiumLaunchOptions());
    try {
      const idle = await holdIdleConnections(hub.url, IDLE);
      const page = await browser.newPage();
      for (const transport of TRANSPORTS) {
        const samples = await measureInBrowser(hub, page, transport);
        const measured = { value: round(percentile(samples, 0.95)), unit: 'ms' };
        const details = { p50: round(percentile(samples, 0.5)), 'idle held': idle.connected() };
        const name = `hub → Chromium over ${transport}, p95`;
        figures.push(
          transport === 'LongPolling'
            ? reportOnly(name, measured, details)
            : againstLimit(name, measured, '<', 50, details),
        );
      }
      await idle.stop();
    } finally {
      await browser.close();
      await hub.close();
    }
    return figures;
  },
};
