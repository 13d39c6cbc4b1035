import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, SCREENSHOTS, signIn, test } from '../support/fixtures';

/** Each link's target and the number it shows. */
const linksOf = (scope: Locator) =>
  scope.locator('a[href^="/leads"]').evaluateAll((anchors) =>
    anchors.map((anchor) => ({
      href: anchor.getAttribute('href')!,
      count: Number((anchor.textContent ?? '').replace(/\D/g, '')),
    })),
  );

/** The number of leads the leads screen lists for a link. */
async function leadsListed(page: Page, href: string): Promise<number> {
  await page.goto(href);
  const footer = page.getByTestId('leads-footer');
  await expect(footer).toContainText('results');
  // 'Showing 1 to 25 of 300 results', or '0 results'
  return Number(/([\d,]+) results$/.exec((await footer.textContent()) ?? '')![1]!.replace(/,/g, ''));
}

/** Chooses last month and waits until the table shows it (until then it keeps the month before). */
async function chooseLastMonth(page: Page) {
  await page
    .getByRole('group', { name: 'Quick periods' })
    .getByRole('button', { name: 'Last month' })
    .click();
  const today = new Date();
  const last = new Date(today.getFullYear(), today.getMonth() - 1, 1);
  const title = `${last.toLocaleString('en-US', { month: 'long' })} ${last.getFullYear()}`;
  await expect(
    page
      .getByTestId('comparison-table')
      .locator('tbody tr')
      .filter({ has: page.locator('[aria-expanded]') })
      .first(),
  ).toContainText(title);
}

test('every count of a month opens exactly its leads: the KPI cards, the month row and a week row', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Scheduling Management' })).toBeVisible();
  // last month: the demo calendar holds a whole month of visits there
  await chooseLastMonth(page);
  const table = page.getByTestId('comparison-table');
  const monthRow = table
    .locator('tbody tr')
    .filter({ has: page.locator('[aria-expanded]') })
    .first();
  const weekRow = table
    .locator('tbody tr')
    .filter({ hasText: /^Week \d/ })
    .first();
  await expect(weekRow).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'scheduling-drill-links.png') });

  const kpis = await linksOf(page.getByTestId('kpi-cards'));
  const month = await linksOf(monthRow);
  const week = await linksOf(weekRow);
  expect(kpis).toHaveLength(4);
  // Customers, Completed, Cancelled, Referrals, Fuel, Providers, Family (Units counts no leads) × 2
  expect(month).toHaveLength(14);
  expect(week).toHaveLength(14);
  expect(month.some((link) => link.count > 0)).toBe(true);

  for (const link of [...kpis, ...month, ...week]) {
    expect(await leadsListed(page, link.href), link.href).toBe(link.count);
  }
  await page.screenshot({ path: path.join(SCREENSHOTS, 'scheduling-drill-leads.png') });
});

test("a chart bar opens its leads: the same number as the bar's month and auditor in the table", async ({
  page,
}) => {
  await signIn(page);
  await chooseLastMonth(page);
  const monthRow = page
    .getByTestId('comparison-table')
    .locator('tbody tr')
    .filter({ has: page.locator('[aria-expanded]') })
    .first();
  // the first link of the month row is the first auditor's Customers
  const [customers] = await linksOf(monthRow);
  expect(customers!.count).toBeGreaterThan(0);
  const chart = page.getByTestId('performance-chart');
  await page.getByRole('textbox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Customers' }).click();
  await expect(page.getByTestId('chart-counts')).toHaveText(
    'Counts the leads that are not cancelled. Click a bar to open its leads.',
  );
  await chart.scrollIntoViewIfNeeded();
  // one month: the first bar is the first auditor's
  const bar = chart.locator('.recharts-bar-rectangle path').first();
  await expect(bar).toBeVisible();
  await bar.click();
  await expect(page).toHaveURL(/\/leads\?/);
  expect(await leadsListed(page, page.url().replace(/^https?:\/\/[^/]+/, ''))).toBe(customers!.count);
});

test('the same month a year earlier: a row under the month and a lighter bar, each opening its leads', async ({
  page,
}) => {
  await signIn(page);
  await chooseLastMonth(page);
  await page.getByText('Same month a year earlier').click();
  const row = page.getByTestId('year-earlier-row').first();
  await expect(row.locator('a').first()).toBeVisible();
  const [customers] = await linksOf(row);
  expect(customers!.count).toBeGreaterThan(0);

  const chart = page.getByTestId('performance-chart');
  await page.getByRole('textbox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Customers' }).click();
  await page.getByText('A year earlier', { exact: true }).click();
  const bars = chart.locator('.recharts-bar-rectangle path');
  await expect(bars).toHaveCount(4); // one month: each auditor, then each a year earlier
  await chart.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'scheduling-year-earlier.png') });
  // the first auditor's bar a year earlier comes right after theirs
  await bars.nth(1).click();
  await expect(page).toHaveURL(/\/leads\?/);
  expect(await leadsListed(page, page.url().replace(/^https?:\/\/[^/]+/, ''))).toBe(customers!.count);
});
