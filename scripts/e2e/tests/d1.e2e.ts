import type { DatabaseStats, ResourceStatsResponse } from '@auditdesk/shared/core';
import path from 'node:path';
import {
  formatBytes,
  formatCount,
  shortenName,
} from '../../../remote-admin/src/resources/common/resourceRules';
import { d1Test as test } from '../support/d1Fixtures';
import { expect, foldSidebar, SCREENSHOTS, signIn } from '../support/fixtures';

test('on D1 an Admin works the leads and sees the database numbers of the API on /resources/cloudflare', async ({
  page,
  d1,
}) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Leads' }).click();
  await expect(page.getByRole('heading', { name: 'Lead Management' })).toBeVisible();
  const leads = await page.evaluate(async () => {
    const response = await fetch('/api/leads', {
      headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return (await response.json()) as unknown[];
  });
  expect(leads.length).toBeGreaterThan(0); // the demo calendar, imported into D1 on the first start
  await foldSidebar(page);
  await expect(page.getByLabel('Total Leads').locator('p').nth(1)).toHaveText(formatCount(leads.length));
  await page.screenshot({ path: path.join(SCREENSHOTS, 'd1-leads.png') });

  await page.getByLabel('Resources').click();
  await page.getByRole('link', { name: 'CloudFlare D1' }).click();
  await expect(page).toHaveURL(/\/resources\/cloudflare$/);
  await foldSidebar(page);
  await expect(page.getByRole('heading', { name: 'CloudFlare D1 Resources' })).toBeVisible();
  await expect(page.getByTestId('stat-Tables')).toBeVisible();

  // the page's answer, reused by the server for 30 s: the same numbers
  const answer = await page.evaluate(async () => {
    const response = await fetch('/api/resources/cloudflare', {
      headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return (await response.json()) as ResourceStatsResponse<DatabaseStats>;
  });
  const stats = answer.data!;
  expect(stats.planName).toBe('Free');
  expect(stats.databaseName).toBe(d1.account.databaseName);
  expect(stats.tableCount).toBe((await d1.engine.userTables()).length);
  expect(stats.tables!.find((table) => table.name === 'leads')!.rows).toBeGreaterThanOrEqual(leads.length);
  expect(stats.usage.rowsWritten).toBeGreaterThan(0);
  expect(stats.usage.rowsRead).toBeGreaterThan(0);
  expect(stats.usage.rowsWritten).toBeLessThanOrEqual(d1.analytics.today().rowsWritten);

  await expect(page.getByTestId('stat-Database')).toHaveText(shortenName(stats.databaseName));
  await expect(page.getByTestId('stat-Tables')).toHaveText(String(stats.tableCount));
  await expect(page.getByTestId('stat-Total Rows')).toHaveText(formatCount(stats.totalRows));
  await expect(page.getByTestId('stat-Total Size')).toHaveText(formatBytes(stats.totalSize));
  await expect(page.getByTestId('usage-Rows written today')).toContainText(
    `${formatCount(stats.usage.rowsWritten)} of 100,000`,
  );
  await expect(page.getByTestId('usage-Rows read today')).toContainText(
    `${formatCount(stats.usage.rowsRead)} of 5,000,000`,
  );
  await expect(page.getByTestId('usage-Storage')).toContainText(`${formatBytes(stats.totalSize)} of 5 GB`);
  await expect(page.getByLabel('Plan')).toContainText('Free plan');
  await expect(page.getByRole('table', { name: 'Rows per table' })).toContainText('leads');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'd1-resources-cloudflare.png'), fullPage: true });
});
