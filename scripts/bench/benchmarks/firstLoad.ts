import { chromium } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAppServer } from '../../e2e/support/appServer';
import { chromiumLaunchOptions } from '../../e2e/support/chromium';
import { ensureBuilt } from '../../ensureBuilt';
import { againstLimit, againstPeer, type Benchmark, type Figure } from '../benchmark';
import { FIRST_LOAD_GOALS } from '../../budgets/firstLoadBudgets';
import { buildSingleBundle } from '../singleBundle/buildSingleBundle';
import { APP_PAGES } from '../support/appPages';
import { firstLoadJs } from '../support/firstLoadJs';

const { schedulingKb: LIMIT_KB, ratioToOneBundle: RATIO_GOAL } = FIRST_LOAD_GOALS;

/**
 * Gzipped JS fetched until each page is usable, from the federated build (host + remotes,
 * as `pnpm start` serves them) and from the same app built as one ordinary webpack build.
 */
export const firstLoadBenchmark: Benchmark = {
  name: 'first-load',
  about: `gzipped (and brotli) JS until /login, /scheduling, /leads, /sync are usable: federated vs. the same app as one webpack build`,
  async run() {
    ensureBuilt();
    const singleRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-single-bundle-'));
    const browser = await chromium.launch(chromiumLaunchOptions());
    try {
      await buildSingleBundle(singleRoot);
      const federated = await startAppServer();
      const single = await startAppServer({ WEB_ROOT: singleRoot });
      try {
        const figures: Figure[] = [];
        for (const appPage of APP_PAGES) {
          const mf = await firstLoadJs(browser, federated.url, appPage);
          const one = await firstLoadJs(browser, single.url, appPage);
          const measured = { value: mf.kilobytes, unit: 'KB' };
          const scripts = { scripts: mf.scripts.length, 'single-bundle scripts': one.scripts.length };
          if (appPage.path === '/scheduling')
            figures.push(
              againstLimit(`first load of ${appPage.path}, gzipped JS`, measured, '≤', LIMIT_KB, scripts),
            );
          figures.push(
            againstPeer(
              `first load of ${appPage.path}: federated ÷ one bundle`,
              measured,
              { name: 'one bundle', value: one.kilobytes, unit: 'KB' },
              { comparison: '≤', ratio: RATIO_GOAL },
              scripts,
            ),
            // brotli is reported beside it; the goal holds for gzip
            againstPeer(
              `first load of ${appPage.path}: federated ÷ one bundle, brotli`,
              { value: mf.brotliKilobytes, unit: 'KB' },
              { name: 'one bundle', value: one.brotliKilobytes, unit: 'KB' },
              null,
            ),
          );
        }
        return figures;
      } finally {
        await Promise.all([federated.stop(), single.stop()]);
      }
    } finally {
      await browser.close();
      fs.rmSync(singleRoot, { recursive: true, force: true });
    }
  },
};
