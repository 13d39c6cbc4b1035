import type { Browser } from '@playwright/test';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { RECORD_USABLE_AT, type AppPage } from './appPages';
import { signedInContext } from './signedInContext';

export interface FirstLoad {
  /** gzip (level 6) of every script that had arrived when the page became usable, in KB */
  kilobytes: number;
  /** the same scripts compressed with brotli (quality 11, as precompressed static files), in KB */
  brotliKilobytes: number;
  scripts: { url: string; gzipBytes: number; brotliBytes: number }[];
  /** when the page became usable, ms after navigation started */
  usableAtMs: number;
}

/**
 * Runs in the page before its scripts: a timer of a second or more set before the page is
 * usable starts only once it is. Such a timer is work the page puts off on purpose (the
 * notification bell's hub connection and its SignalR client, 2 s after the layout): whether it
 * fired before the page was usable depended on how busy the machine was, so a slow run counted
 * 14 KB more on /leads.
 */
export const HOLD_LATER_TIMERS = `() => {
  const LATER_MS = 1000;
  const realSet = window.setTimeout.bind(window);
  const realClear = window.clearTimeout.bind(window);
  const held = new Map();
  let nextHeld = -1;
  window.setTimeout = (callback, delay, ...args) => {
    if (window.__usableAt !== undefined || !(delay >= LATER_MS)) return realSet(callback, delay, ...args);
    const id = nextHeld--;
    held.set(id, { start: () => realSet(callback, delay, ...args) });
    return id;
  };
  window.clearTimeout = (id) => {
    const timer = held.get(id);
    if (!timer) return realClear(id);
    if (timer.started !== undefined) realClear(timer.started);
    held.delete(id);
  };
  window.__onUsable = () => {
    for (const timer of held.values()) timer.started = timer.start();
  };
}`;

/**
 * Opens `appPage` in a fresh context (empty cache) and sums the gzipped size of the
 * JavaScript that had fully arrived when the page became usable (resource timing against
 * the moment the DOM first showed the page's usable marks). A script requested at that
 * moment, like a chart loaded after the numbers, does not count, nor does what the page
 * puts off with a timer (HOLD_LATER_TIMERS). Sizes are gzip and brotli of
 * the decoded bodies, whatever the server's own compression.
 */
export async function firstLoadJs(browser: Browser, url: string, appPage: AppPage): Promise<FirstLoad> {
  const context = appPage.signedIn ? await signedInContext(browser, url) : await browser.newContext();
  try {
    await context.addInitScript(`(${HOLD_LATER_TIMERS})()`);
    await context.addInitScript(`(${RECORD_USABLE_AT})(${JSON.stringify(appPage.usableWhen)})`);
    const page = await context.newPage();
    const bodies = new Map<string, Promise<{ gzipBytes: number; brotliBytes: number } | null>>();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      // a script still arriving when the context closes fails here; only those that had
      // arrived by the usable moment are read below
      bodies.set(
        response.url(),
        response.body().then(
          (body) => ({
            gzipBytes: gzipSync(body).length,
            brotliBytes: brotliCompressSync(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }).length,
          }),
          () => null,
        ),
      );
    });
    await page.goto(`${url}${appPage.path}`);
    // functions, not strings: the app's CSP forbids evaluating strings
    await page.waitForFunction(
      () => (window as { __usableAt?: number }).__usableAt !== undefined,
      undefined,
      {
        timeout: 60_000,
      },
    );
    const { usableAt, arrived } = await page.evaluate(() => {
      const at = (window as { __usableAt?: number }).__usableAt!;
      return {
        usableAt: at,
        arrived: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((entry) => entry.initiatorType === 'script' && entry.responseEnd <= at)
          .map((entry) => entry.name),
      };
    });
    const scripts = await Promise.all(
      arrived.map(async (scriptUrl) => {
        const size = await bodies.get(scriptUrl);
        if (size === undefined || size === null) throw new Error(`no response body read for ${scriptUrl}`);
        return { url: scriptUrl.replace(url, ''), ...size };
      }),
    );
    const kilobytes = (key: 'gzipBytes' | 'brotliBytes') =>
      Math.round((scripts.reduce((sum, script) => sum + script[key], 0) / 1024) * 10) / 10;
    return {
      kilobytes: kilobytes('gzipBytes'),
      brotliKilobytes: kilobytes('brotliBytes'),
      scripts,
      usableAtMs: Math.round(usableAt),
    };
  } finally {
    await context.close();
  }
}
