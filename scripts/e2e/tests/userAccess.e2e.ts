import fs from 'node:fs';
import path from 'node:path';
import { ROOT, WEB_APPS } from '../../apps';
import { expect, foldSidebar, SCREENSHOTS, signIn, test } from '../support/fixtures';

const NEW_USER = {
  email: 'robin.field@auditdesk.test',
  name: 'Robin Field',
  password: 'robins-new-password',
};

test('an admin adds a user who sets a password, signs in, and is locked out once revoked', async ({
  page,
  browser,
  baseURL,
}) => {
  // The admin adds Robin and makes a password link.
  await signIn(page);
  await page.getByRole('link', { name: 'User Management' }).click();
  await foldSidebar(page);
  await expect(page.getByText('System Users')).toBeVisible();
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByLabel('Email Address').fill(NEW_USER.email);
  await dialog.getByLabel('Full Name').fill(NEW_USER.name);
  await dialog.getByRole('button', { name: 'Add User' }).click();
  // this server sends no e-mail: the first link shows at once, in a dialog that covers nothing after
  const added = page.getByRole('dialog', { name: 'User added' });
  await expect(added.getByLabel('Link')).toHaveValue(/\/set-password\?token=/);
  await added.getByRole('button', { name: 'Done' }).click();
  await expect(added).toBeHidden();
  const row = page.getByTestId(`user-row-${NEW_USER.email}`);
  await expect(row).toContainText(NEW_USER.name);
  await expect(row).toContainText('Never');
  // invited, not come yet: not 'Active'
  await expect(
    row.getByRole('button', { name: `Invitation pending: toggle access of ${NEW_USER.email}` }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'user-management.png') });

  // a fresh link from the row; it replaces the first one
  await row.getByRole('button', { name: `Password link for ${NEW_USER.email}` }).click();
  const link = await page.getByRole('dialog', { name: 'Password link' }).getByLabel('Link').inputValue();
  expect(link).toMatch(/\/set-password\?token=/);
  await page.keyboard.press('Escape');

  // Robin, in a browser of their own, sets the password and signs in.
  const robinContext = await browser.newContext({ baseURL });
  const robin = await robinContext.newPage();
  await robin.goto(link);
  await robin.getByLabel('New password').fill(NEW_USER.password);
  await robin.getByLabel('Repeat the password').fill(NEW_USER.password);
  await robin.getByRole('button', { name: 'Set password' }).click();
  await expect(robin.getByText('Password set')).toBeVisible();
  await signIn(robin, NEW_USER.email, NEW_USER.password);
  await expect(robin.getByRole('heading', { name: 'Scheduling Management' })).toBeVisible();
  await expect(robin.getByRole('link', { name: 'User Management' })).toHaveCount(0);
  // Robin's tab keeps a live connection (the bell's) open, as any signed-in tab
  const live = robin.waitForEvent('websocket').then((socket) => socket.waitForEvent('framereceived'));
  await robin.goto('/user-management');
  await expect(robin.getByText('Access Denied')).toBeVisible();
  await expect(robin.getByText("You don't have permission to access user management.")).toBeVisible();
  await robin.screenshot({ path: path.join(SCREENSHOTS, 'user-management-denied.png') });

  // The admin revokes Robin; Robin's open tab ends at /login at once, and says why.
  await live;
  await page.reload();
  await row.getByRole('button', { name: `Active: toggle access of ${NEW_USER.email}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke access' });
  await expect(confirm).toContainText(`Revoke the access of ${NEW_USER.name} (${NEW_USER.email})?`);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'user-management-revoke.png') });
  await confirm.getByRole('button', { name: 'Revoke access' }).click();
  await expect(row.getByRole('button', { name: /^Inactive/ })).toBeVisible();
  await expect(page.getByText(`${NEW_USER.email} can no longer sign in.`)).toBeVisible();

  await expect(robin).toHaveURL(/\/login$/);
  const banner = robin.getByRole('alert');
  await expect(banner).toContainText('Access Denied');
  await expect(banner).toContainText('Your access to Auditdesk has ended.');
  await robin.screenshot({ path: path.join(SCREENSHOTS, 'login-access-ended.png') });
  await robinContext.close();
});

test('without an identity provider the sign-in page offers none; its Access Denied banner', async ({
  page,
}) => {
  await page.goto('/login?error=access_denied');
  await expect(page.getByRole('alert')).toContainText('Please contact your administrator for access.');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() => performance.getEntriesByName(`${location.origin}/api/auth/options`).length),
    )
    .toBe(1);
  await expect(page.getByRole('link', { name: /^Sign in with/ })).toHaveCount(0);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'login-access-denied.png') });
});

test('the profile shows the permissions from the server', async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page.getByText('API Connected')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Permissions' })).toContainText('User Management');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'profile.png') });
});

test('production builds carry no development sample data', () => {
  for (const app of WEB_APPS.map((webApp) => webApp.name)) {
    const dist = path.join(ROOT, app, 'dist');
    for (const file of fs.readdirSync(dist).filter((name) => name.endsWith('.js'))) {
      expect(fs.readFileSync(path.join(dist, file), 'utf8'), `${app}/${file}`).not.toContain(
        'No mock data available',
      );
    }
  }
});
