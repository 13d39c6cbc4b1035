import path from 'node:path';
import { adminToken } from '../support/users';
import { expect, foldSidebar, SCREENSHOTS, signIn, test } from '../support/fixtures';

/** Two visits of one household, its phone written two ways. */
const ROSA = { customerName: 'Rosa Marchetti', phoneNumber: '(508) 555-7321', address: '14 Elm Road' };
const ROSA_AGAIN = { customerName: 'R. Marchetti', phoneNumber: '+1 508.555.7321', address: '14 Elm Rd.' };

test('two leads with the same phone in different formats are marked, listed by the filter, and dismissed', async ({
  page,
  baseURL,
}) => {
  const token = await adminToken(baseURL);
  for (const lead of [ROSA, ROSA_AGAIN]) {
    const created = await fetch(`${baseURL}/api/leads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(lead),
    });
    expect(created.status).toBe(201);
  }
  await signIn(page);
  await page.goto('/leads?q=Marchetti');
  await foldSidebar(page);
  await expect(page.getByTestId('leads-footer')).toHaveText('Showing 1 to 2 of 2 results');

  // both are marked; the mark names the other, its date and why
  const marks = page.getByTestId('duplicate-mark');
  await expect(marks).toHaveCount(2);
  const rowHeight = async () => (await page.getByRole('row').nth(1).boundingBox())!.height;
  const markedHeight = await rowHeight();
  await page.getByRole('button', { name: 'Possible duplicates of Rosa Marchetti' }).click();
  const list = page.getByTestId('duplicate-list');
  await expect(list).toContainText('Possible duplicate of');
  await expect(list.getByRole('link', { name: 'R. Marchetti' })).toBeVisible();
  await expect(list).toContainText('No date · same phone');
  // the picture once the popover has faded in
  await expect
    .poll(() =>
      list.evaluate((element) => getComputedStyle(element.closest('[role="dialog"]') ?? element).opacity),
    )
    .toBe('1');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'duplicates-mark.png') });
  await page.keyboard.press('Escape');

  // the filter lists only the possible duplicates, and is kept in the URL
  await page.getByRole('checkbox', { name: /^Possible duplicates \(\d[\d,]*\)$/ }).check();
  await expect(page).toHaveURL(/[?&]duplicates=only/);
  await expect(page.getByTestId('leads-footer')).toHaveText('Showing 1 to 2 of 2 results');
  // without the search: every possible duplicate, the demo calendar's and these two
  await page.getByRole('textbox', { name: 'Search all columns' }).fill('');
  await expect(page.getByTestId('leads-footer')).not.toHaveText('Showing 1 to 2 of 2 results');
  await expect(page.getByTestId('leads-footer')).toHaveText(/^Showing 1 to \d+ of [\d,]+ results$/);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'duplicates-filter.png') });
  await page.getByRole('textbox', { name: 'Search all columns' }).fill('Marchetti');
  await expect(page.getByTestId('leads-footer')).toHaveText('Showing 1 to 2 of 2 results');

  // "Not a duplicate": both marks go, and the filter no longer lists them
  await page.getByRole('button', { name: 'Possible duplicates of R. Marchetti' }).click();
  await page.getByRole('button', { name: 'Rosa Marchetti is not a duplicate of R. Marchetti' }).click();
  await expect(
    page.getByText('R. Marchetti and Rosa Marchetti are no longer shown as possible duplicates.'),
  ).toBeVisible();
  await expect(marks).toHaveCount(0);
  await expect(page.getByText('No leads found')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No leads found')).toBeVisible();
  await page.getByRole('checkbox', { name: /^Possible duplicates/ }).uncheck();
  await expect(page.getByTestId('leads-footer')).toHaveText('Showing 1 to 2 of 2 results');
  await expect(marks).toHaveCount(0);
  // the mark sits on the name's line: a marked row is no taller than any other
  expect(await rowHeight()).toBe(markedHeight);
});
