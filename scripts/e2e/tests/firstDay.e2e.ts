import path from 'node:path';
import { expect, foldSidebar, SCREENSHOTS, signIn, test } from '../support/fixtures';

const shot = (name: string) => ({ path: path.join(SCREENSHOTS, name) });

test('a first day: forgot password, an invitation link to copy, marked unformatted leads, tables apart', async ({
  page,
  browser,
  baseURL,
}) => {
  // "Forgot password?" without SMTP: whom to ask
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/login');
  await expect(visitor).toHaveTitle('Sign in · Auditdesk');
  await visitor.screenshot(shot('login.png'));
  await visitor.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(visitor).toHaveURL(/\/forgot-password$/);
  await expect(visitor).toHaveTitle('Forgot password · Auditdesk');
  await expect(visitor.getByText('Ask an administrator for a link to set your password')).toBeVisible();
  await visitor.screenshot(shot('forgot-password-no-smtp.png'));
  // with SMTP the same page asks for the address (the answer of a server that sends e-mail)
  await visitor.route('**/api/auth/options', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"passwordResetByEmail":true}' }),
  );
  await visitor.reload();
  await expect(visitor.getByRole('button', { name: 'Send the link' })).toBeVisible();
  await visitor.screenshot(shot('forgot-password-form.png'));
  await visitorContext.close();

  // Add User: a dialog offers the invitation's link
  await signIn(page);
  await page.goto('/user-management');
  await foldSidebar(page);
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByLabel('Email Address').fill('first.day@auditdesk.test');
  await dialog.getByLabel('Full Name').fill('First Day');
  await dialog.getByRole('button', { name: 'Add User' }).click();
  const added = page.getByRole('dialog', { name: 'User added' });
  await expect(added.getByRole('button', { name: 'Copy the link' })).toBeVisible();
  await expect(added.getByText('First Day (first.day@auditdesk.test) was added as User.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.waitForTimeout(300); // the dialog's transition
  await page.screenshot(shot('user-added-link.png'));
  await added.getByRole('button', { name: 'Done' }).click();
  await expect(added).toBeHidden();

  // the user list cannot be read: the spec's text with Retry, no counters of 0
  await page.route('**/api/useraccess', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        status: 500,
        title: 'Internal Server Error',
        detail: 'The database is not answering.',
      }),
    }),
  );
  await page.reload();
  await expect(page.getByText('Failed to load users')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel('Total Users')).toHaveCount(0);
  await page.screenshot(shot('user-management-failed.png'));
  await page.unroute('**/api/useraccess');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('System Users')).toBeVisible();

  // unformatted leads, marked with what they lack
  await page.goto('/leads');
  await foldSidebar(page);
  await page.getByRole('checkbox', { name: 'Hide Unformatted' }).uncheck();
  await page
    .getByRole('columnheader', { name: /Customer Name/ })
    .getByRole('button')
    .first()
    .waitFor();
  const mark = page.getByRole('img', { name: /^Unformatted: / }).first();
  await page.getByPlaceholder('Search all columns...').fill('condo');
  await expect(mark).toBeVisible();
  await expect(mark).toHaveAccessibleName(/house type not recognised|no auditor/);
  await mark.hover();
  await expect(page.getByRole('tooltip')).toBeVisible();
  await page.screenshot(shot('leads-unformatted-marked.png'));

  // the status of the sync cannot be read: said with Retry
  await page.route('**/api/sync/status', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        status: 503,
        title: 'Service Unavailable',
        detail: 'The database is unavailable.',
      }),
    }),
  );
  await page.goto('/sync');
  await foldSidebar(page);
  await expect(page.getByText('The sync status could not be loaded')).toBeVisible({ timeout: 15_000 });
  await page.screenshot(shot('sync-status-failed.png'));
  await page.unroute('**/api/sync/status');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByLabel('Total syncs')).toBeVisible();
  await page.getByTestId('sync-history').scrollIntoViewIfNeeded();
  await page.screenshot(shot('sync-history-aligned.png'));

  // the database page: the business's tables apart from the app's bookkeeping
  await page.goto('/resources/cloudflare');
  await foldSidebar(page);
  await expect(page.getByRole('heading', { name: 'App bookkeeping' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Rows per bookkeeping table' })).toContainText(
    '__drizzle_migrations',
  );
  await expect(page.getByRole('table', { name: 'Rows per table' })).toContainText('leads');
  await page.getByRole('heading', { name: 'App bookkeeping' }).scrollIntoViewIfNeeded();
  await page.screenshot(shot('d1-tables-grouped.png'));
});
