import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { checkWithAxe } from '../support/axe';
import { expect, SCREENSHOTS, signIn, test } from '../support/fixtures';
import { createUserWithPassword } from '../support/users';

const VIEWPORT = { width: 1440, height: 900 };
const MANAGER = {
  email: 'views.manager@auditdesk.test',
  name: 'Morgan Views',
  role: 'Manager' as const,
  password: 'views-manager-password',
};
const READER = {
  email: 'views.reader@auditdesk.test',
  name: 'Riley Reader',
  role: 'User' as const,
  password: 'views-reader-password',
};
const LINK_READER = {
  email: 'views.link@auditdesk.test',
  name: 'Lee Link',
  role: 'User' as const,
  password: 'views-link-password',
};

const footer = (page: Page) => page.getByTestId('leads-footer');

/** What the table shows: its headers and every row, as text (the editors' Actions and selection columns aside). */
const shownRows = (page: Page) =>
  page
    .locator('table')
    .first()
    .locator('thead tr, tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...row.children]
          .filter(
            (cell) =>
              cell.textContent?.trim() !== 'Actions' &&
              // a row's own buttons: Edit for editors, Open (read-only) for everyone else
              !cell.querySelector('[aria-label^="Edit "], [aria-label^="Open "]') &&
              !cell.querySelector('input[type="checkbox"]'),
          )
          .map((cell) => (cell as HTMLElement).innerText.replace(/\s+/g, ' ').trim())
          .join(' | '),
      ),
    );

/** Waits until the open menu has faded in, for its picture. */
async function menuShown(page: Page) {
  const menu = page.getByRole('menu');
  await expect.poll(() => menu.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
}

/** A fresh browser of its own, signed in (the e2e admin by default), on the leads screen. */
async function signedIn(browser: Browser, baseURL: string, person?: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORT });
  const page = await context.newPage();
  await signIn(page, person?.email, person?.password);
  await page.goto('/leads');
  await expect(footer(page)).toHaveText(/^Showing \d+ to \d+ of [\d,]+ results$/);
  return { context, page };
}

/** Scheduled leads, last name first, 50 a page, with their phone numbers. */
async function buildView(page: Page) {
  await page.getByRole('textbox', { name: 'Filter Status' }).fill('=Scheduled');
  const header = page.getByRole('columnheader', { name: /^Customer Name/ }).getByText('Customer Name');
  await header.click();
  await header.click();
  await page.getByRole('textbox', { name: 'Show' }).click();
  await page.getByRole('option', { name: '50' }).click();
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Phone Number' }).check();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/f\.status=%3DScheduled.*sort=-customerName.*size=50.*cols=/);
  await expect(page.getByRole('columnheader', { name: /Phone Number/ })).toBeVisible();
  await expect(page.locator('tbody tr')).not.toHaveCount(0);
  // the rows follow the typed filter a moment later (it is deferred): read them once they have
  await expect(page.locator('tbody tr').filter({ hasText: /cancelled|completed/i })).toHaveCount(0);
}

test('a view built in one browser shows the same rows from its copied address in another', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await createUserWithPassword(baseURL, LINK_READER);
  const a = await signedIn(browser, baseURL);
  await buildView(a.page);
  const rows = await shownRows(a.page);
  const address = a.page.url();

  const b = await signedIn(browser, baseURL, LINK_READER);
  await b.page.goto(address);
  await expect(footer(b.page)).toHaveText((await footer(a.page).textContent())!);
  await expect.poll(() => shownRows(b.page)).toEqual(rows);
  await a.context.close();
  await b.context.close();
});

test('a Manager shares a view; another person finds it in the menu, sees the same rows and opens the screen with it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await createUserWithPassword(baseURL, MANAGER);
  await createUserWithPassword(baseURL, READER);
  const manager = await signedIn(browser, baseURL, MANAGER);
  await buildView(manager.page);
  await manager.page.getByRole('button', { name: /^Saved views/ }).click();
  await manager.page.getByRole('menuitem', { name: 'Save as a new view…' }).click();
  const dialog = manager.page.getByRole('dialog', { name: 'Save as a new view' });
  await dialog.getByLabel('Name').fill('Scheduled, newest names first');
  await dialog.getByText('Share with everyone').click();
  expect(
    (await checkWithAxe(manager.page, 'Save as dialog', '[role="dialog"][aria-modal="true"]')).blocking,
  ).toEqual([]);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(manager.page).toHaveURL(/view=\d+/);
  const viewButton = manager.page.getByRole('button', { name: 'Saved views: Scheduled, newest names first' });
  await expect(viewButton).toBeVisible();
  const rows = await shownRows(manager.page);

  // the menu as a Manager sees it, once the toast has gone
  await expect(manager.page.getByText('View saved')).toBeHidden({ timeout: 10_000 });
  await viewButton.click();
  await expect(manager.page.getByRole('menuitem', { name: /Reset to the saved view/ })).toBeVisible();
  await menuShown(manager.page);
  await manager.page.screenshot({ path: path.join(SCREENSHOTS, 'saved-views-menu.png') });
  expect((await checkWithAxe(manager.page, 'view menu open')).blocking).toEqual([]);
  await manager.page.keyboard.press('Escape');

  const reader = await signedIn(browser, baseURL, READER);
  await reader.page.getByRole('button', { name: /^Saved views/ }).click();
  const shared = reader.page.getByRole('menuitem', {
    name: /Scheduled, newest names first.*Shared by Morgan Views/,
  });
  await expect(shared).toBeVisible();
  await shared.click();
  await expect(reader.page).toHaveURL(/view=\d+/);
  await expect(footer(reader.page)).toHaveText((await footer(manager.page).textContent())!);
  await expect.poll(() => shownRows(reader.page)).toEqual(rows);

  // a change shows as modified; the reader cannot save over a shared view, only reset it
  await reader.page.getByPlaceholder('Search all columns...').fill('zzzz no one');
  await expect(reader.page.getByTestId('view-modified')).toBeVisible();
  await reader.page.getByRole('button', { name: /^Saved views/ }).click();
  await expect(reader.page.getByRole('menuitem', { name: 'Save changes' })).toHaveCount(0);
  await menuShown(reader.page);
  await reader.page.screenshot({ path: path.join(SCREENSHOTS, 'saved-views-menu-shared.png') });
  await reader.page.getByRole('menuitem', { name: 'Reset to the saved view' }).click();
  await expect(reader.page.getByTestId('view-modified')).toBeHidden();
  await expect.poll(() => shownRows(reader.page)).toEqual(rows);

  // made the reader's default, it is what an empty leads address opens
  await reader.page.getByRole('button', { name: /^Saved views/ }).click();
  await reader.page.getByRole('menuitem', { name: 'Make it my default' }).click();
  await expect(
    reader.page.getByText('The leads screen now opens with the view "Scheduled, newest names first".'),
  ).toBeVisible();
  await reader.page.goto('/leads');
  await expect(reader.page).toHaveURL(/view=\d+/);
  await expect(footer(reader.page)).toHaveText((await footer(manager.page).textContent())!);
  await expect.poll(() => shownRows(reader.page)).toEqual(rows);
  await manager.context.close();
  await reader.context.close();
});
