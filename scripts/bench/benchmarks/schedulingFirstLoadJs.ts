import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../e2e/support/chromium';
import { E2E_ADMIN, startAppServer } from '../../e2e/support/appServer';
import type { Benchmark } from '../benchmark';

/** Gzipped JavaScript the browser fetches before /scheduling is usable (target 250 KB). */
export const schedulingFirstLoadJs: Benchmark = {
  name: 'first load of /scheduling: gzipped JS',
  unit: 'KB',
  target: 250,
  async run() {
    const server = await startAppServer();
    const browser = await chromium.launch(chromiumLaunchOptions());
    try {
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(E2E_ADMIN),
      });
      const { access_token: token, refresh_token: refreshToken } = (await login.json()) as Record<
        string,
        string
      >;
      const page = await browser.newPage();
      await page.addInitScript(
        ([token, refreshToken, email]) => {
          localStorage.setItem('token', token!);
          localStorage.setItem('refreshToken', refreshToken!);
          localStorage.setItem('user', JSON.stringify({ id: '1', email, name: 'Admin', role: 'Admin' }));
        },
        [token, refreshToken, E2E_ADMIN.email],
      );
      const scripts: Promise<number>[] = [];
      page.on('requestfinished', (request) => {
        if (request.resourceType() === 'script')
          scripts.push(request.sizes().then((sizes) => sizes.responseBodySize));
      });
      await page.goto(`${server.url}/scheduling`);
      // usable: the heading and the KPI numbers are on screen (the chart comes after)
      await page.getByRole('heading', { name: 'Scheduling Management' }).waitFor();
      await page.getByTestId('stat-Total Leads').waitFor();
      const bytes = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0);
      return Math.round((bytes / 1024) * 10) / 10;
    } finally {
      await browser.close();
      await server.stop();
    }
  },
};
