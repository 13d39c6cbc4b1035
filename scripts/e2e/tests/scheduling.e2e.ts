import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, SCREENSHOTS, signIn, test } from '../support/fixtures';

type GridRecord = {
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

async function pick(page: Page, label: string, option: string) {
  await expect(async () => {
    await page.mouse.move(900, 700);
    await page.getByRole('textbox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click({ timeout: 2000 });
  }).toPass({ timeout: 10_000 });
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
  const monthName = (date: Date) => date.toLocaleString('en-US', { month: 'long' });
  await pick(page, 'Start Year', String(start.getFullYear()));
  await pick(page, 'Start Month', monthName(start));
  await pick(page, 'End Year', String(end.getFullYear()));
  await pick(page, 'End Month', monthName(end));
  await expect(page.getByTestId('chart-period')).toHaveText(
    `${start.getMonth() + 1}/${start.getFullYear()} - ${end.getMonth() + 1}/${end.getFullYear()}`,
  );

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
