import path from 'node:path';
import type { Page } from '@playwright/test';
import { downloadedCsv, downloadedXlsx } from '../support/downloads';
import { expect, foldSidebar, SCREENSHOTS, signIn, test } from '../support/fixtures';

// Issue 37 items 1 and 10: a browser in Tokyo, the business in New York (CALENDAR_TIMEZONE's
// default). A lead typed with a date and no time is that day on every screen and in every
// export; a time is typed and shown on the business's clocks, never the browser's.

test.use({ timezoneId: 'Asia/Tokyo' });

/** A configured auditor (the agenda lists theirs), and a word only these leads' names hold. */
const AUDITOR = 'Sam Rivera';
const MARK = 'Kyotoday';

async function addLead(page: Page, name: string, day: string, time = '') {
  await page.getByRole('button', { name: 'Add Lead' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Lead' });
  await dialog.getByLabel('Customer Name').fill(name);
  await dialog.getByLabel('Scheduled Date day').fill(day);
  if (time) await dialog.getByLabel('Scheduled Date time').fill(time);
  else await expect(dialog.getByText('All day (no time)')).toBeVisible();
  await dialog.getByLabel('Auditor').fill(AUDITOR);
  await dialog.getByLabel('Status').fill('Scheduled');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test('a day stays its day in Tokyo: leads table, edit form, agenda and both exports', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Asia/Tokyo');
  await page.getByRole('link', { name: 'Leads' }).click();
  await foldSidebar(page);
  await expect(page.getByTestId('business-time-zone')).toHaveText('All times in America/New_York');

  await addLead(page, 'Ada Kyotoday', '2026-12-01');
  // 11:30 PM in New York is 1:30 PM the next day in Tokyo
  await addLead(page, 'Tim Kyotoday', '2026-12-01', '23:30');
  await page.getByPlaceholder('Search all columns...').fill(MARK);
  const row = (name: string) =>
    page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
  await expect(row('Ada Kyotoday').getByRole('cell', { name: '12/01/2026 All day' })).toBeVisible();
  await expect(row('Tim Kyotoday').getByRole('cell', { name: '12/01/2026 11:30 PM' })).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'all-day-leads-tokyo.png') });

  // the day filter of 1 December keeps both
  await page.getByLabel('Start Date').fill('12/01/2026');
  await page.getByLabel('End Date').fill('12/01/2026');
  await page.keyboard.press('Escape');
  await expect(row('Ada Kyotoday')).toBeVisible();
  await expect(row('Tim Kyotoday')).toBeVisible();

  // the edit form: the day with no time; the time on New York's clock
  await page.getByRole('button', { name: 'Edit Ada Kyotoday' }).click();
  let dialog = page.getByRole('dialog', { name: 'Edit Lead' });
  await expect(dialog.getByLabel('Scheduled Date day')).toHaveValue('2026-12-01');
  await expect(dialog.getByLabel('Scheduled Date time')).toHaveValue('');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'all-day-edit-form-tokyo.png') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Edit Tim Kyotoday' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Lead' });
  await expect(dialog.getByLabel('Scheduled Date day')).toHaveValue('2026-12-01');
  await expect(dialog.getByLabel('Scheduled Date time')).toHaveValue('23:30');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // both exports write 1 December
  await page.getByRole('button', { name: 'Export' }).click();
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
  const csv = await downloadedCsv(await csvDownload);
  const dateAt = csv[0]!.indexOf('Scheduled Date');
  const nameAt = csv[0]!.indexOf('Customer Name');
  expect(
    csv
      .slice(1)
      .map((cells) => [cells[nameAt], cells[dateAt]])
      .sort(),
  ).toEqual([
    ['Ada Kyotoday', '12/01/2026'],
    ['Tim Kyotoday', '12/01/2026'],
  ]);
  await page.getByRole('button', { name: 'Export' }).click();
  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
  const rows = await downloadedXlsx(await xlsxDownload);
  expect(rows.slice(1).map((cells) => (cells[dateAt] as Date).toISOString())).toEqual([
    '2026-12-01T00:00:00.000Z',
    '2026-12-01T00:00:00.000Z',
  ]);

  // the agenda of 1 December: the day first, all day, then the evening visit at its New York time
  await page.goto(`/scheduling/agenda?auditor=${encodeURIComponent(AUDITOR)}&day=2026-12-01&span=day`);
  await foldSidebar(page);
  const visits = page.locator('[data-agenda-day="2026-12-01"]').getByTestId('agenda-visit');
  await expect(visits.filter({ hasText: MARK })).toHaveCount(2);
  await expect(visits.nth(0)).toContainText('All day');
  await expect(visits.nth(0)).toContainText('Ada Kyotoday');
  await expect(visits.last()).toContainText('11:30 PM');
  await expect(visits.last()).toContainText('Tim Kyotoday');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'all-day-agenda-tokyo.png') });

  // put back as found: the suite's later tests count every lead
  await page.goto('/leads');
  await page.getByPlaceholder('Search all columns...').fill(MARK);
  for (const name of ['Ada Kyotoday', 'Tim Kyotoday']) {
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog', { name: 'Delete lead' }).getByRole('button', { name: 'Delete' }).click();
    await expect(row(name)).toHaveCount(0);
  }
});
