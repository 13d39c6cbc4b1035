import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../apps';
import { expect, foldSidebar, SCREENSHOTS, signIn, test } from '../support/fixtures';
import { adminToken } from '../support/users';

/** The part of exceljs used here (a dependency of the packages that read spreadsheets, not of the root). */
interface Workbook {
  xlsx: { readFile(file: string): Promise<unknown>; writeFile(file: string): Promise<void> };
  worksheets: {
    rowCount: number;
    getRow(number: number): { getCell(column: number): { value: unknown } };
  }[];
}
const ExcelJS = createRequire(path.join(ROOT, 'shared', 'package.json'))('exceljs') as {
  Workbook: new () => Workbook;
};

const EDITED = 5;

test('an exported .xlsx with 5 rows edited imports as 5 updates, and the changes show', async ({ page }) => {
  // the export and the import each go through every lead of the demo calendar
  test.setTimeout(180_000);
  await signIn(page);
  await page.getByRole('link', { name: 'Leads' }).click();
  await foldSidebar(page);
  // the Lead ID column matches a row to its lead: shown, it is exported
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Lead ID' }).check();
  await page.keyboard.press('Escape');

  // the cancelled leads only: a file of a couple of hundred rows keeps the test quick
  await page.getByPlaceholder('Filter Status...').fill('Cancelled');
  await expect
    .poll(
      async () =>
        (await page.getByLabel('Total Leads').locator('p').nth(1).textContent()) ===
        (await page.getByLabel('Cancelled').locator('p').nth(1).textContent()),
    )
    .toBe(true);
  await page.getByRole('button', { name: 'Export' }).click();
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
  const exported = (await (await downloading).path())!;

  // five rows edited with exceljs, the library that read it
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(exported);
  const sheet = workbook.worksheets[0]!;
  const header = Array.from({ length: 20 }, (_, column) => sheet.getRow(1).getCell(column + 1).value);
  const address = header.indexOf('Address') + 1;
  expect(address).toBeGreaterThan(0);
  const rows = sheet.rowCount - 1;
  for (let index = 0; index < EDITED; index += 1)
    sheet.getRow(index + 2).getCell(address).value = `${index + 1} Imported Lane, Springfield`;
  const edited = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-import-')), 'leads-edited.xlsx');
  await workbook.xlsx.writeFile(edited);

  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import leads' });
  await dialog.locator('input[type="file"]').setInputFiles(edited);
  const totals = dialog.getByTestId('import-totals');
  await expect(totals.getByLabel(`Updates: ${EDITED}`)).toBeVisible({ timeout: 60_000 });
  await expect(totals.getByLabel(`Unchanged: ${rows - EDITED}`)).toBeVisible();
  await expect(totals.getByLabel('New leads: 0')).toBeVisible();
  await expect(totals.getByLabel('Errors: 0')).toBeVisible();
  await expect(dialog.getByLabel('Field for the column Lead ID')).toHaveValue('Lead ID');
  await expect(
    dialog.getByRole('table', { name: 'Rows of the file' }).getByText('Address').first(),
  ).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'leads-import-preview.png') });

  await dialog.getByRole('button', { name: `Import ${EDITED} rows` }).click();
  await expect(page.getByText(`Imported leads-edited.xlsx: 0 created, ${EDITED} updated`)).toBeVisible({
    timeout: 60_000,
  });
  await expect(dialog).toBeHidden();
  await page.getByPlaceholder('Search all columns...').fill('Imported Lane, Springfield');
  await expect(page.getByTestId('leads-footer')).toHaveText(`Showing 1 to ${EDITED} of ${EDITED} results`);
  await expect(page.getByRole('cell', { name: '3 Imported Lane, Springfield' })).toBeVisible();
});

test('a hand-written CSV with 2 bad rows: the preview names them by row number and reason', async ({
  page,
}) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Leads' }).click();
  await foldSidebar(page);
  const csv = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-import-')), 'walk-ins.csv');
  fs.writeFileSync(
    csv,
    [
      'Customer Name,E-mail,Scheduled Date,Heating Fuel',
      'Rosa Diaz,rosa@example.com,03/04/2025,natural gas',
      'Sam Bad Mail,not-an-address,03/04/2025,oil',
      ',nobody@example.com,03/05/2025,oil',
      'Theo Park,theo@example.com,2025-03-06,propane',
      '',
    ].join('\n'),
  );
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import leads' });
  await dialog.locator('input[type="file"]').setInputFiles(csv);
  const totals = dialog.getByTestId('import-totals');
  await expect(totals.getByLabel('Errors: 2')).toBeVisible();
  await expect(totals.getByLabel('New leads: 2')).toBeVisible();
  const rows = dialog.getByRole('table', { name: 'Rows of the file' }).locator('tbody tr');
  await expect(rows.nth(0).locator('td').first()).toHaveText('3');
  await expect(rows.nth(0)).toContainText('E-mail: Enter a valid e-mail address.');
  await expect(rows.nth(1).locator('td').first()).toHaveText('4');
  await expect(rows.nth(1)).toContainText('Customer name is required.');
  await expect(dialog.getByText(/2 rows are not valid and would not be imported/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import the 2 valid rows' })).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'leads-import-errors.png') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('a row like a lead you have updates it or makes a new lead as chosen; Undo puts all back; the imported leads are shown alone', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // a lead of the office's, whom the file's first row is (her phone written another way)
  const created = await fetch(`${baseURL}/api/leads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await adminToken(baseURL)}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      customerName: 'Rosa Quintero',
      phoneNumber: '617.555.3363',
      email: 'rosa.quintero@example.com',
      status: 'Scheduled',
    }),
  });
  expect(created.status).toBe(201);
  const csv = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-import-')), 'walk-ins-june.csv');
  fs.writeFileSync(
    csv,
    [
      'Customer Name,Phone,E-mail,Status',
      'Rosa Quintero,+1 (617) 555-3363,,Completed',
      'Nia Parkes,,nia.parkes@example.com,New',
      '',
    ].join('\n'),
  );

  await signIn(page);
  await page.getByRole('link', { name: 'Leads' }).click();
  await foldSidebar(page);
  const openImport = async () => {
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import leads' });
    await dialog.locator('input[type="file"]').setInputFiles(csv);
    return dialog;
  };
  const dialog = await openImport();
  const totals = dialog.getByTestId('import-totals');
  await expect(dialog.getByText('1 row looks like leads you have')).toBeVisible({ timeout: 60_000 });
  // her phone may be another lead's too (the demo data has one): the lead of her name goes first
  await expect(dialog.getByText(/^Looks like Rosa Quintero \(same phone\)/)).toBeVisible();
  const choice = dialog.getByLabel('What row 2 does');
  await expect(choice).toHaveValue('Update Rosa Quintero');
  await expect(totals.getByLabel('Updates: 1')).toBeVisible();
  await expect(totals.getByLabel('New leads: 1')).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'leads-import-duplicates.png') });

  // the person makes it a new lead, then goes back to updating her
  await choice.click();
  await page.getByRole('option', { name: 'New lead anyway' }).click();
  await expect(totals.getByLabel('New leads: 2')).toBeVisible();
  await dialog.getByLabel('What row 2 does').click();
  await page.getByRole('option', { name: 'Update Rosa Quintero' }).click();
  await expect(totals.getByLabel('Updates: 1')).toBeVisible();

  await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
  const done = page.locator('.mantine-Notification-root').filter({ hasText: 'Imported walk-ins-june.csv' });
  await expect(done).toContainText('Imported walk-ins-june.csv: 1 created, 1 updated.', { timeout: 60_000 });
  await page.screenshot({ path: path.join(SCREENSHOTS, 'leads-import-done-toast.png') });
  const search = page.getByPlaceholder('Search all columns...');
  await search.fill('Rosa Quintero');
  await expect(page.getByRole('cell', { name: 'Completed' })).toBeVisible();

  // Undo: Rosa as she was, Nia gone
  await done.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('The import of walk-ins-june.csv was undone.')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Scheduled' })).toBeVisible();
  await search.fill('Nia Parkes');
  await expect(page.getByRole('row', { name: /Nia Parkes/ })).toHaveCount(0);
  await search.fill('');

  // the same file again: said, and imported again; then its leads alone
  const again = await openImport();
  await expect(again.getByTestId('already-imported')).toContainText('and that import was undone on', {
    timeout: 60_000,
  });
  await again.getByRole('button', { name: 'Import 2 rows' }).click();
  const second = page.locator('.mantine-Notification-root').filter({ hasText: 'Imported walk-ins-june.csv' });
  await second.getByRole('button', { name: 'Show the imported leads' }).click();
  await expect(page).toHaveURL(/[?&]import=\d+/);
  await expect(page.getByTestId('imported-leads')).toContainText(
    'The 2 leads “import walk-ins-june.csv” created or changed',
  );
  await expect(page.getByTestId('leads-footer')).toHaveText('Showing 1 to 2 of 2 results');
  await expect(page.getByRole('row', { name: /Rosa Quintero/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Nia Parkes/ })).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'leads-imported-filter.png') });
});
