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
  return Number(/of ([\d,]+) results/.exec((await footer.textContent()) ?? '')![1]!.replace(/,/g, ''));
}

test('every count of a month opens exactly its leads: the KPI cards, the month row and a week row', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Scheduling Management' })).toBeVisible();
  // last month: the demo calendar holds a whole month of visits there
  await page
    .getByRole('group', { name: 'Quick periods' })
    .getByRole('button', { name: 'Last month' })
    .click();
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
  expect(month).toHaveLength(10); // Customers, Referrals, Fuel, Providers, Family (Units counts no leads) × 2
  expect(week).toHaveLength(10);
  expect(month.some((link) => link.count > 0)).toBe(true);

  for (const link of [...kpis, ...month, ...week]) {
    expect(await leadsListed(page, link.href), link.href).toBe(link.count);
  }
  await page.screenshot({ path: path.join(SCREENSHOTS, 'scheduling-drill-leads.png') });
});
