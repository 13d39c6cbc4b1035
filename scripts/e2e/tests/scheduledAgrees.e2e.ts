import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, foldSidebar, SCREENSHOTS, signIn, test } from '../support/fixtures';

const count = async (page: Page) =>
  Number((await page.getByTestId('stat-Scheduled').innerText()).replace(/,/g, ''));

/** The Scheduled card's tooltip: hovered, its text, and a picture of it. */
async function scheduledHint(page: Page, picture: string): Promise<string> {
  await page.getByRole('button', { name: 'What Scheduled counts' }).hover();
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toHaveCSS('opacity', '1'); // faded in
  await page.screenshot({ path: path.join(SCREENSHOTS, picture) });
  const text = await tooltip.innerText();
  await page.mouse.move(900, 700);
  return text;
}

/**
 * One definition of Scheduled on both screens: in a past month of the demo calendar, where
 * most visits are Completed, the Leads screen's Scheduled card for each auditor adds up to
 * the Scheduling screen's, and both cards say the same in their tooltip.
 */
test('the Leads and Scheduling screens count the same leads as Scheduled', async ({ page }) => {
  const today = new Date();
  const month = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 2, 1));
  const year = month.getUTCFullYear();
  const number = month.getUTCMonth() + 1;
  const first = month.toISOString().slice(0, 10);
  const last = new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10);

  await signIn(page);
  await page.evaluate(
    ([value]) => localStorage.setItem('scheduling.periodRange', value!),
    [JSON.stringify({ startMonth: number, startYear: year, endMonth: number, endYear: year })],
  );
  await page.reload();
  await foldSidebar(page);
  await expect(page.getByTestId('chart-period')).toHaveText(`${number}/${year} - ${number}/${year}`);
  await expect(page.getByTestId('stat-Scheduled')).toHaveText(/\d/);
  const onScheduling = await count(page);
  const schedulingHint = await scheduledHint(page, 'scheduled-tooltip-scheduling.png');

  const read = (url: string) =>
    page.evaluate(
      async (path) =>
        (await fetch(path, { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } })).json(),
      url,
    );
  const { auditors } = (await read('/api/scheduling/auditors')) as { auditors: string[] };
  const list = (await read('/api/leads')) as {
    auditor: string;
    status: string;
    scheduledDate: string | null;
  }[];
  const inMonth = list.filter(
    (lead) =>
      lead.scheduledDate &&
      lead.scheduledDate.slice(0, 10) >= first &&
      lead.scheduledDate.slice(0, 10) <= last,
  );
  // a past month: most visits have taken place, which the Leads screen once left out of Scheduled
  expect(inMonth.filter((lead) => lead.status === 'Completed').length).toBeGreaterThan(inMonth.length / 2);

  await page.getByRole('link', { name: 'Leads' }).click();
  await foldSidebar(page);
  await expect(page.getByRole('heading', { name: 'Lead Management' })).toBeVisible();
  await page.getByLabel('Start Date').fill(first);
  await page.getByLabel('End Date').fill(last);
  let onLeads = 0;
  for (const auditor of auditors) {
    const theirs = inMonth.filter((lead) => lead.auditor.toLowerCase().includes(auditor.toLowerCase()));
    await page.getByPlaceholder('Filter Auditor...').fill(auditor);
    // the cards follow the filters: wait until the footer counts this auditor's month
    await expect(page.getByTestId('leads-footer')).toContainText(
      `of ${theirs.length.toLocaleString('en-US')} results`,
    );
    onLeads += await count(page);
  }
  expect(onLeads).toBe(onScheduling);
  expect(await scheduledHint(page, 'scheduled-tooltip-leads.png')).toBe(schedulingHint);
  expect(schedulingHint).toContain('Scheduled or Completed');
});
