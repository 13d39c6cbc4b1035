import type { Locator, Page } from '@playwright/test';
import { E2E_ADMIN } from '../support/appServer';
import { expect, signIn, test } from '../support/fixtures';

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, { max = 250, back = false } = {}) {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${target} was not reached with ${max} presses of Tab`);
}

const focused = (locator: Locator) =>
  expect.poll(() => locator.evaluate((element) => element === document.activeElement), { timeout: 5_000 });

test('the main flows by keyboard only: sign in, edit a lead, sync, read a notification, add a user', async ({
  page,
}) => {
  test.setTimeout(180_000);

  // sign in
  await page.goto('/login');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(E2E_ADMIN.email);
  await page.keyboard.press('Tab');
  await focused(page.getByLabel('Password')).toBe(true);
  await page.keyboard.type(E2E_ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/scheduling$/);
  await expect(page).toHaveTitle('Scheduling · Auditdesk');

  // open a lead, change it, save it; the focus comes back to the lead's Edit button
  await tabTo(page, page.getByRole('link', { name: 'Leads' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/leads$/);
  await expect(page).toHaveTitle('Leads · Auditdesk');
  const edit = page.getByRole('button', { name: /^Edit / }).first();
  await expect(edit).toBeVisible();
  const editLabel = (await edit.getAttribute('aria-label'))!;
  const editButton = page.getByRole('button', { name: editLabel, exact: true });
  await tabTo(page, editButton);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Edit Lead' });
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByLabel('Comments'));
  await page.keyboard.type('Side door, by keyboard');
  await tabTo(page, dialog.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await focused(editButton).toBe(true);
  // Escape closes a dialog and gives the focus back to what opened it
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Comments' })).toHaveValue(/Side door, by keyboard/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await focused(editButton).toBe(true);

  // start a sync
  await tabTo(page, page.getByRole('link', { name: 'Calendar Sync' }), { back: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveTitle('Calendar Sync · Auditdesk');
  await tabTo(page, page.getByRole('button', { name: 'Start Sync' }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sync-result')).toContainText('Sync Completed Successfully', {
    timeout: 60_000,
  });

  // read a notification: the bell's popover holds the focus until Escape, then gives it back
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAttribute('aria-label', /unread/);
  const unreadBefore = Number(/\((\d+) unread\)/.exec((await bell.getAttribute('aria-label'))!)![1]);
  await tabTo(page, bell, { back: true });
  await page.keyboard.press('Enter');
  const popover = page.getByRole('dialog', { name: /^Notifications/ });
  await expect(popover).toBeVisible();
  // the popover takes the focus as it opens; from then on Tab stays inside
  await expect.poll(() => popover.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  for (let i = 0; i < 6; i += 1) {
    await page.keyboard.press('Tab');
    expect(await popover.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  await focused(bell).toBe(true);
  await page.keyboard.press('Enter');
  const firstUnread = popover.getByRole('button', { name: /\(unread\)/ }).first();
  await tabTo(page, firstUnread);
  await page.keyboard.press('Enter');
  await expect(popover).toBeHidden();
  await expect(bell).toHaveAttribute(
    'aria-label',
    unreadBefore === 1 ? 'Notifications' : `Notifications (${unreadBefore - 1} unread)`,
  );

  // add a user; the focus comes back to Add User
  await page.goto('/scheduling');
  await tabTo(page, page.getByRole('link', { name: 'User Management' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveTitle('User Management · Auditdesk');
  const addUser = page.getByRole('button', { name: 'Add User' });
  await tabTo(page, addUser);
  await page.keyboard.press('Enter');
  const addDialog = page.getByRole('dialog', { name: 'Add User' });
  await expect(addDialog).toBeVisible();
  await focused(addDialog.getByLabel('Email Address')).toBe(true);
  await page.keyboard.type('keyboard.person@auditdesk.test');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Keyboard Person');
  await page.keyboard.press('Enter');
  await expect(addDialog).toBeHidden();
  await expect(page.getByTestId('user-row-keyboard.person@auditdesk.test')).toBeVisible();
  const added = page.getByRole('dialog', { name: 'User added' });
  await expect(added.getByText('This server sends no e-mail: copy the link')).toBeVisible();
  await expect.poll(() => added.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(added).toBeHidden();
  await focused(addUser).toBe(true);
});

test('the leads screen by keyboard: a skip link, few stops to the first lead, the header by arrows, one stop a date', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/leads');
  const edit = page.getByRole('button', { name: /^Edit / }).first();
  await expect(edit).toBeVisible();

  // the first Tab offers to skip the top bar and the sidebar
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await focused(skip).toBe(true);
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await focused(page.getByRole('main')).toBe(true);

  // from the search box to the first lead's Edit: the toolbar's last buttons, the header (one stop), the row
  await page.getByPlaceholder('Search all columns...').focus();
  let presses = 0;
  while (!(await edit.evaluate((element) => element === document.activeElement)) && presses < 40) {
    await page.keyboard.press('Tab');
    presses += 1;
  }
  expect(presses).toBeLessThanOrEqual(8);

  // in the header, the arrows reach every sort button and filter
  await tabTo(page, page.getByRole('checkbox', { name: 'Toggle select all' }), { back: true });
  await page.keyboard.press('ArrowRight');
  await focused(page.getByRole('button', { name: /^Sort by Scheduled Date/ })).toBe(true);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const nameFilter = page.getByLabel('Filter Customer Name');
  await focused(nameFilter).toBe(true);
  await page.keyboard.type('zz-nobody');
  await expect(page.getByTestId('leads-footer')).toHaveText('0 results');
  await page.keyboard.press('Home'); // in a text box: the caret, not the focus
  await focused(nameFilter).toBe(true);
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('leads-footer')).toHaveText(/^Showing 1 to/);
  await focused(nameFilter).toBe(true);
  // Tab leaves the header for the rows
  await page.keyboard.press('Tab');
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('tbody')))).toBe(true);

  // a date of the filter is one stop, typed as the screens show dates
  const start = page.getByLabel('Start Date');
  await start.focus();
  await page.keyboard.press('Tab');
  await focused(page.getByLabel('End Date')).toBe(true);
  await start.focus();
  await page.keyboard.type('09/01/2025');
  await page.keyboard.press('Tab');
  await expect(page).toHaveURL(/from=2025-09-01/);
  await expect(start).toHaveValue('09/01/2025');
});
