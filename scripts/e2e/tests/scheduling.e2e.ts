import path from 'node:path';
import type { Page } from '@playwright/test';
import { downloadedXlsx } from '../support/downloads';
import { expect, SCREENSHOTS, signIn, test } from '../support/fixtures';
import { choosePeriod, monthName, pick } from '../support/schedulingPeriod';

type GridRecord = {
  year: number;
  month: number;
  totalLeadsCount: number;
  cancelledLeadsCount: number;
  leadsCount: number;
  referralsCount: number;
  auditor: string;
};

async function grid(page: Page, startDate: string, endDate: string): Promise<GridRecord[]> {
  return page.evaluate(
    async ([from, to]) =>
      (
        await fetch(`/api/leads/grid-data?startDate=${from}&endDate=${to}`, {
          headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
        })
      ).json(),
    [startDate, endDate],
  );
}

test('the scheduling screen compares the auditors over a chosen period', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Scheduling Management' })).toBeVisible();
  await page.mouse.move(900, 700);
  await expect(page.getByTestId('comparison-table')).toBeVisible();

  // three months that the demo calendar fills
  const today = new Date();
  const start = new Date(today.getFullYear(), today.getMonth() - 3, 1);
  const end = new Date(today.getFullYear(), today.getMonth() - 1, 1);
  await choosePeriod(page, start, end);

  // the KPI numbers are the API's grid records summed
  const pad = (n: number) => String(n).padStart(2, '0');
  const lastDay = new Date(end.getFullYear(), end.getMonth() + 1, 0).getDate();
  const records = await grid(
    page,
    `${start.getFullYear()}-${pad(start.getMonth() + 1)}-01`,
    `${end.getFullYear()}-${pad(end.getMonth() + 1)}-${pad(lastDay)}`,
  );
  const sum = (key: keyof GridRecord) => records.reduce((total, record) => total + Number(record[key]), 0);
  expect(sum('totalLeadsCount')).toBeGreaterThan(100);
  await expect(page.getByTestId('stat-Total Leads')).toHaveText(
    sum('totalLeadsCount').toLocaleString('en-US'),
  );
  await expect(page.getByTestId('stat-Cancelled')).toHaveText(
    sum('cancelledLeadsCount').toLocaleString('en-US'),
  );
  await expect(page.getByTestId('stat-Scheduled')).toHaveText(sum('leadsCount').toLocaleString('en-US'));
  await expect(page.getByTestId('stat-Referrals')).toHaveText(sum('referralsCount').toLocaleString('en-US'));

  // weeks are rows; a category expands into its parts
  const table = page.getByTestId('comparison-table');
  await expect(table.getByRole('cell', { name: 'Week 2' }).first()).toBeVisible();
  await table.getByRole('button', { name: 'Fuel Types' }).first().click();
  await expect(table.getByRole('columnheader', { name: 'Propane' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Expand All' }).click();
  await expect(table.getByRole('columnheader', { name: 'National Grid' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Collapse All' }).click();
  await expect(table.getByRole('columnheader', { name: 'Propane' })).toHaveCount(0);
  await expect(table.getByRole('cell', { name: 'Week 2' })).toHaveCount(0);
  // a month's header unfolds its weeks
  await table.getByRole('button', { name: `${monthName(start)} ${start.getFullYear()}` }).click();
  await expect(table.getByRole('cell', { name: 'Week 2' })).toHaveCount(1);

  // the chart switches category
  await expect(page.getByTestId('chart-caption')).toContainText(`Months (${start.getFullYear()}`);
  await pick(page, 'Category', 'Fuel Types');
  await expect(page.getByText('Show All')).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'scheduling.png'), fullPage: true });
});

test('the comparison table, fully expanded, fits a 1440 px screen with its header and first column in view', async ({
  page,
}) => {
  await signIn(page);
  await page.mouse.move(900, 700);
  const today = new Date();
  await choosePeriod(page, new Date(today.getFullYear(), today.getMonth() - 5, 1), today);
  await page.getByRole('button', { name: 'Expand All' }).click();
  const table = page.getByTestId('comparison-table');
  await expect(table.getByRole('columnheader', { name: 'Single Family' })).toBeVisible();
  const scroll = page.getByTestId('comparison-scroll');
  const size = await scroll.evaluate((element) => ({
    scroll: element.scrollWidth,
    client: element.clientWidth,
  }));
  expect(size.scroll).toBeLessThanOrEqual(size.client);
  await scroll.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'scheduling-comparison-expanded.png') });

  // scrolled down inside the table, the header rows stay on top
  const header = table.getByRole('columnheader', { name: 'Period' });
  const before = (await header.boundingBox())!;
  await scroll.evaluate((element) => (element.scrollTop = 300));
  expect(Math.abs((await header.boundingBox())!.y - before.y)).toBeLessThanOrEqual(1);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'scheduling-comparison-scrolled.png') });

  // the file has every month, week and part
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export as Excel (.xlsx)' }).click();
  const rows = await downloadedXlsx(await download);
  expect(rows[0]![0]).toBe('Period');
  expect(rows[2]!.slice(1, 3)).toEqual(['Sam Rivera', 'Alex Chen']);
  expect(rows.length).toBeGreaterThan(3 + 6 * 4);
});

test('the chart over 23 months labels every month and draws no bar for an empty one', async ({ page }) => {
  await signIn(page);
  await page.mouse.move(900, 700);
  const today = new Date();
  const start = new Date(today.getFullYear(), today.getMonth() - 22, 1);
  await choosePeriod(page, start, today);
  const chart = page.getByTestId('performance-chart');
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.locator('.recharts-xAxis .recharts-cartesian-axis-tick')).toHaveCount(23);
  // y ticks are whole numbers
  const yTicks = await chart.locator('.recharts-yAxis .recharts-cartesian-axis-tick-value').allTextContents();
  expect(yTicks).toHaveLength(5);
  for (const tick of yTicks) expect(tick).toMatch(/^[\d,]+$/);
  // bars only where there are leads, none wider than 40 px
  const records = await grid(
    page,
    `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, '0')}-01`,
    '2100-01-01',
  );
  const monthsWithLeads = new Set(records.map((record) => `${record.year}-${record.month}`));
  expect(monthsWithLeads.size).toBeLessThan(23); // the demo calendar starts about 18 months back
  const bars = chart.locator('.recharts-bar-rectangle path');
  const widths = await bars.evaluateAll((paths) => paths.map((bar) => bar.getBoundingClientRect().width));
  expect(widths.length).toBeGreaterThan(0);
  expect(Math.max(...widths)).toBeLessThanOrEqual(40.5);
  expect(widths.length).toBeLessThanOrEqual(monthsWithLeads.size * 2);
  const labels = await chart.locator('.recharts-label-list text').allTextContents();
  expect(labels.filter((label) => label.trim() === '0')).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'scheduling-chart-23-months.png') });

  // one month: two bars, not two walls
  await choosePeriod(
    page,
    new Date(today.getFullYear(), today.getMonth() - 1, 1),
    new Date(today.getFullYear(), today.getMonth() - 1, 1),
  );
  // the month's numbers arrive after the period changes: wait for its two bars
  await expect(bars).toHaveCount(2);
  const single = await bars.evaluateAll((paths) => paths.map((bar) => bar.getBoundingClientRect().width));
  expect(Math.max(...single)).toBeLessThanOrEqual(40.5);
});

test('choosing a start after the end moves the end along; the page never loses its selectors', async ({
  page,
}) => {
  await signIn(page);
  await page.mouse.move(900, 700);
  await choosePeriod(page, new Date(2025, 2, 1), new Date(2025, 4, 1));
  await pick(page, 'Start Month', 'August');
  await expect(page.getByRole('status')).toHaveText(
    'The end moved to August 2025: a period cannot end before it starts.',
  );
  await expect(page.getByTestId('chart-period')).toHaveText('8/2025 - 8/2025');
  await expect(page.getByText('Error Loading Scheduling Data')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Start Month' })).toBeVisible();
  await expect(page.getByTestId('stat-Total Leads')).toBeVisible();
});
