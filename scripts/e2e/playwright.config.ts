import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium';

/** End-to-end tests: Debian's Chromium (never a downloaded browser) against production builds. */
export default defineConfig({
  testDir: './tests',
  testMatch: '**/*.e2e.ts',
  globalSetup: './support/globalSetup.ts',
  outputDir: '../../test-results/e2e',
  // A file's tests run in order on one worker (later ones may build on earlier ones); two
  // workers, each with its own server (fixtures.ts), run two files at a time: the tests
  // wait on the browser, the server and their own timeouts much of the time.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  // CI also keeps every test's timing (test-results/e2e-results.json) for the slowest-tests list
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: '../../test-results/e2e-results.json' }]]
    : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions(),
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    // an action that cannot happen fails with its reason instead of running into the test timeout
    actionTimeout: 15_000,
    trace: 'off',
  },
});
