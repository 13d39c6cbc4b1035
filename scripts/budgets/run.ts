// `pnpm budgets [--record]`: the production build's first-load JS of each route against its
// budget (scripts/budgets/firstLoadBudgets.ts); exits 1 when a route is over it, naming the
// scripts that grew since the record. `--record` writes the record anew (firstLoadRecord.json).
import { chromium } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../apps';
import { APP_PAGES } from '../bench/support/appPages';
import { firstLoadJs } from '../bench/support/firstLoadJs';
import { startAppServer } from '../e2e/support/appServer';
import { chromiumLaunchOptions } from '../e2e/support/chromium';
import { ensureBuilt } from '../ensureBuilt';
import { byKey, compareFirstLoad, type FirstLoadRecord, type MeasuredRoute } from './compareFirstLoad';
import { FIRST_LOAD_BUDGETS_KB } from './firstLoadBudgets';
import { builtScriptContents, stableName } from './scriptContents';

const RECORD_FILE = path.join(__dirname, 'firstLoadRecord.json');

async function measureRoutes(): Promise<MeasuredRoute[]> {
  const browser = await chromium.launch(chromiumLaunchOptions());
  const server = await startAppServer();
  try {
    const routes: MeasuredRoute[] = [];
    for (const appPage of APP_PAGES) {
      const load = await firstLoadJs(browser, server.url, appPage);
      routes.push({
        route: appPage.path,
        kilobytes: load.kilobytes,
        scripts: load.scripts.map((script) => {
          const { origin, contents } = builtScriptContents(script.url);
          return {
            key: `${origin.app}/${stableName(origin.file, contents)}`,
            kilobytes: Math.round((script.gzipBytes / 1024) * 10) / 10,
            contents,
          };
        }),
      });
    }
    return routes;
  } finally {
    await server.stop();
    await browser.close();
  }
}

function writeRecord(routes: MeasuredRoute[]): void {
  const record: FirstLoadRecord = {
    recordedAt: new Date().toISOString(),
    commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim(),
    routes: Object.fromEntries(
      routes.map((route) => [
        route.route,
        {
          kilobytes: route.kilobytes,
          scripts: Object.fromEntries(
            [...byKey(route.scripts)].map(([key, script]) => [key, script.kilobytes]),
          ),
        },
      ]),
    ),
  };
  fs.writeFileSync(RECORD_FILE, `${JSON.stringify(record, null, 2)}\n`);
  console.log(`\nrecorded ${path.relative(ROOT, RECORD_FILE)}`);
}

async function main() {
  ensureBuilt();
  const routes = await measureRoutes();
  const record = fs.existsSync(RECORD_FILE)
    ? (JSON.parse(fs.readFileSync(RECORD_FILE, 'utf8')) as FirstLoadRecord)
    : null;
  const verdict = compareFirstLoad(routes, FIRST_LOAD_BUDGETS_KB, record);
  console.log(verdict.lines.join('\n'));
  if (process.argv.includes('--record')) writeRecord(routes);
  if (verdict.over.length) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
