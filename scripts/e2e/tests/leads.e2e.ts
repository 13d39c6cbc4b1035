import path from 'node:path';
import type { Page } from '@playwright/test';
import { downloadedCsv, downloadedXlsx } from '../support/downloads';
import { createUserWithPassword } from '../support/users';
import { expect, foldSidebar, SCREENSHOTS, signIn, test } from '../support/fixtures';

type ApiLead = { scheduledDate: string | null; status: string; customerName: string; isFormatted: boolean };

async function apiLeads(page: Page, query = ''): Promise<ApiLead[]> {
  return page.evaluate(async (q) => {
    const response = await fetch(`/api/leads${q}`, {
      headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return response.json();
  }, query);
}

/** Every filter placeholder is readable in its input: its text is no wider than the box. */
async function expectReadablePlaceholders(page: Page) {
  for (const input of await page.getByPlaceholder(/^Filter .*\.\.\.$/).all()) {
    const { text, room } = await input.evaluate((element) => {
      const field = element as HTMLInputElement;
      const style = getComputedStyle(field);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      return { text: context.measureText(field.placeholder).width, room: field.clientWidth - padding };
    });
    expect(text, (await input.getAttribute('placeholder')) ?? '').toBeLessThanOrEqual(room);
  }
}

const card = (page: Page, label: string) => page.getByLabel(label).locator('p').nth(1);
const total = (page: Page) => card(page, 'Total Leads');
const number = (n: number) => n.toLocaleString('en-US');

test('the leads screen searches, filters by date, shows unformatted leads, pages and hides columns', async ({
  page,
}) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Leads' }).click();
  await foldSidebar(page);
  await expect(page.getByRole('heading', { name: 'Lead Management' })).toBeVisible();
  const footer = page.getByTestId('leads-footer');
  const formatted = await apiLeads(page);
  await expect(total(page)).toHaveText(number(formatted.length));
  await expect(footer).toHaveText(`Showing 1 to 25 of ${number(formatted.length)} results`);

  // search: one customer's name
  const someone = formatted.find((lead) => lead.customerName.includes(' '))!.customerName;
  const matching = formatted.filter((lead) =>
    JSON.stringify(Object.values(lead)).toLowerCase().includes(someone.toLowerCase()),
  );
  await page.getByPlaceholder('Search all columns...').fill(someone);
  await expect(total(page)).toHaveText(number(matching.length));
  await expect(footer).toHaveText(
    `Showing 1 to ${Math.min(25, matching.length)} of ${number(matching.length)} results`,
  );
  await page.getByPlaceholder('Search all columns...').fill('no such customer anywhere');
  await expect(page.getByText('No leads found')).toBeVisible();
  await expect(page.getByText('Try adjusting your search criteria')).toBeVisible();
  await page.getByPlaceholder('Search all columns...').fill('');

  // date range: one month, UTC days inclusive
  const month = formatted[40]!.scheduledDate!.slice(0, 7);
  const lastDay = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0))
    .toISOString()
    .slice(0, 10);
  const inMonth = formatted.filter((lead) => lead.scheduledDate?.startsWith(month));
  await page.getByLabel('Start Date').fill(`${month}-01`);
  await page.getByLabel('End Date').fill(lastDay);
  await expect(total(page)).toHaveText(number(inMonth.length));
  await expect(card(page, 'Cancelled')).toHaveText(
    number(inMonth.filter((lead) => lead.status === 'Cancelled').length),
  );
  await expect(footer).toHaveText(`Showing 1 to 25 of ${number(inMonth.length)} results`);
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(total(page)).toHaveText(number(formatted.length));

  // unformatted leads join the list when 'Hide Unformatted' is unchecked
  const everything = await apiLeads(page, '?excludeCalendarNotFormatted=false');
  await page.getByLabel('Hide Unformatted').uncheck();
  await expect(total(page)).toHaveText(number(everything.length));
  await page.getByLabel('Hide Unformatted').check();
  await expect(total(page)).toHaveText(number(formatted.length));

  // page size, then a hidden column; both survive a reload
  await expect(async () => {
    await foldSidebar(page);
    await page.getByRole('textbox', { name: 'Show' }).click();
    await page.getByRole('option', { name: '100' }).click({ timeout: 2000 });
  }).toPass({ timeout: 10_000 });
  await expect(footer).toHaveText(`Showing 1 to 100 of ${number(formatted.length)} results`);
  await expect(total(page)).toHaveText(number(formatted.length));
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(footer).toHaveText(`Showing 101 to 200 of ${number(formatted.length)} results`);
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Auditor' }).uncheck();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('columnheader', { name: /^Auditor/ })).toHaveCount(0);
  await expect(total(page)).toHaveText(number(formatted.length));

  // a header click sorts ascending, another descending
  const firstName = () => page.locator('tbody tr').first().locator('td').nth(2).textContent();
  const names = formatted
    .map((lead) => lead.customerName)
    .sort((a, b) => a.localeCompare(b, 'en-US', { sensitivity: 'base', numeric: true }));
  await page
    .getByRole('columnheader', { name: /^Customer Name/ })
    .getByText('Customer Name')
    .click();
  await expect.poll(firstName).toBe(names[0]);
  await page
    .getByRole('columnheader', { name: /^Customer Name/ })
    .getByText('Customer Name')
    .click();
  await expect.poll(firstName).toBe(names[names.length - 1]);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'leads.png') });
  await page.reload();
  await expect(footer).toHaveText(`Showing 1 to 100 of ${number(formatted.length)} results`);
  await expect(page.getByRole('columnheader', { name: /^Auditor/ })).toHaveCount(0);
});

test('a User sees no edit actions and the API refuses their changes', async ({ page, baseURL }) => {
  await createUserWithPassword(baseURL, {
    email: 'reader@auditdesk.test',
    name: 'Reader',
    role: 'User',
    password: 'reader-password-1',
  });

  await signIn(page, 'reader@auditdesk.test', 'reader-password-1');
  await page.getByRole('link', { name: 'Leads' }).click();
  await expect(page.getByTestId('leads-footer')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Lead' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  const status = await page.evaluate(async () => {
    const response = await fetch('/api/leads', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${localStorage.getItem('token')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ customerName: 'Sneaky' }),
    });
    return response.status;
  });
  expect(status).toBe(403);
});

test('an admin adds and edits a lead from the screen', async ({ page }) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Leads' }).click();
  await foldSidebar(page);
  await page.getByRole('button', { name: 'Add Lead' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Lead' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByLabel('Customer Name')).toHaveAccessibleDescription('Customer name is required.');
  await dialog.getByLabel('Customer Name').fill('Zelda Walk-in');
  await dialog.getByLabel('Scheduled Date day').fill('2030-01-02');
  await dialog.getByLabel('Scheduled Date time').fill('10:00');
  await dialog.getByLabel('Status').fill('Scheduled');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page.getByPlaceholder('Search all columns...').fill('Zelda Walk-in');
  await expect(page.getByRole('cell', { name: 'Zelda Walk-in', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Edit Zelda Walk-in' }).click();
  await page.getByRole('dialog', { name: 'Edit Lead' }).getByLabel('Status').fill('Completed');
  await page.getByRole('dialog', { name: 'Edit Lead' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('cell', { name: 'Completed', exact: true })).toBeVisible();
  // the lead's history tells who did what
  await page.getByRole('button', { name: 'Edit Zelda Walk-in' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Lead' });
  await edit.getByRole('tab', { name: 'History' }).click();
  const timeline = edit.getByTestId('lead-history');
  await expect(timeline).toContainText('Administrator changed Status from Scheduled to Completed');
  await expect(timeline).toContainText('Administrator created the lead');
  await expect(timeline).toContainText('just now');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'lead-history.png') });
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await page.getByRole('button', { name: 'Delete Zelda Walk-in' }).click();
  await page.getByRole('dialog', { name: 'Delete lead' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No leads found')).toBeVisible();
});

test('the default columns fit the screen; with all columns the header and first column stay in view', async ({
  page,
}) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Leads' }).click();
  await foldSidebar(page);
  const footer = page.getByTestId('leads-footer');
  await expect(footer).toContainText('results');
  const container = page.locator('.mrt-table-container');
  const overflow = () =>
    container.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
  // the default columns: no sideways scrolling at 1440 px
  const fits = await overflow();
  expect(fits.scroll).toBeLessThanOrEqual(fits.client);
  await expectReadablePlaceholders(page);
  // checkboxes are square, not round
  const radius = await page
    .getByRole('checkbox', { name: 'Empty' })
    .evaluate((element) => parseFloat(getComputedStyle(element).borderTopLeftRadius));
  expect(radius).toBeLessThanOrEqual(4);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'leads-default-columns.png') });

  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('button', { name: 'Show All' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('columnheader', { name: /^Last Synced/ })).toBeVisible();
  await expectReadablePlaceholders(page);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'leads-all-columns.png') });

  // scrolled down and to the right, the header row and the Scheduled Date column stay put
  const header = page.getByRole('columnheader', { name: /^Scheduled Date/ });
  const before = (await header.boundingBox())!;
  await container.evaluate((element) => {
    element.scrollTop = 400;
    element.scrollLeft = 600;
  });
  const after = (await header.boundingBox())!;
  // (within a pixel: a sticky cell may land on a half pixel)
  expect(Math.abs(after.x - before.x)).toBeLessThanOrEqual(1);
  expect(Math.abs(after.y - before.y)).toBeLessThanOrEqual(1);
  const firstCell = page.locator('tbody tr').nth(12).locator('td').nth(1);
  const cellBox = (await firstCell.boundingBox())!;
  expect(Math.abs(cellBox.x - before.x)).toBeLessThanOrEqual(1);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'leads-all-columns-scrolled.png') });
});

test('Export downloads the listed rows and visible columns as .xlsx and as CSV', async ({ page }) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Leads' }).click();
  await foldSidebar(page);
  const footer = page.getByTestId('leads-footer');
  await page.getByPlaceholder('Filter Status...').fill('Cancelled');
  await page
    .getByRole('columnheader', { name: /^Customer Name/ })
    .getByText('Customer Name')
    .click();
  // the filter has applied once every lead counted is a cancelled one
  await expect
    .poll(async () => (await total(page).textContent()) === (await card(page, 'Cancelled').textContent()))
    .toBe(true);
  const shown = Number((await footer.textContent())!.match(/of ([\d,]+) results/)![1]!.replace(/,/g, ''));
  expect(shown).toBeGreaterThan(25);
  const firstNames = await page
    .locator('tbody tr')
    .evaluateAll((rows) => rows.slice(0, 5).map((row) => row.querySelectorAll('td')[2]?.textContent ?? ''));

  await page.getByRole('button', { name: 'Export' }).click();
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
  const csv = await downloadedCsv(await csvDownload);
  expect(csv[0]).toEqual([
    'Scheduled Date',
    'Customer Name',
    'Address',
    'Status',
    'Auditor',
    'House Type',
    'Scheduled By',
    'Referred by',
  ]);
  expect(csv).toHaveLength(shown + 1);
  expect(csv.slice(1, 6).map((row) => row[1])).toEqual(firstNames);
  expect(csv.slice(1).every((row) => row[3] === 'Cancelled')).toBe(true);

  await page.getByRole('button', { name: 'Export' }).click();
  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
  const download = await xlsxDownload;
  expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const rows = await downloadedXlsx(download);
  expect(rows[0]).toEqual(csv[0]);
  expect(rows).toHaveLength(shown + 1);
  expect(rows.slice(1, 6).map((row) => row[1])).toEqual(firstNames);
  expect(rows[1]![0]).toBeInstanceOf(Date);
});
