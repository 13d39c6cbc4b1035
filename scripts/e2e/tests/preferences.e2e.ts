import path from 'node:path';
import { expect, SCREENSHOTS, signIn, test } from '../support/fixtures';
import { createUserWithPassword } from '../support/users';

const VIEWPORT = { width: 1440, height: 900 };
/** A person of their own: the admin's preferences stay the spec's defaults for the other tests. */
const PERSON = {
  email: 'pref.person@auditdesk.test',
  name: 'Pref Person',
  role: 'User' as const,
  password: 'pref-person-password',
};

test('preferences follow the person: a fresh browser after sign-out finds the columns, page size, period range and sidebar', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await createUserWithPassword(baseURL, PERSON);
  const first = await browser.newContext({ baseURL, viewport: VIEWPORT });
  const a = await first.newPage();
  await signIn(a, PERSON.email, PERSON.password);
  await a.getByRole('textbox', { name: 'End Month' }).click();
  await a.getByRole('option', { name: 'December' }).click();
  await a.getByRole('button', { name: 'Expand sidebar' }).click();
  await a.goto('/leads');
  await expect(a.getByText(/^Showing \d+ to \d+ of [\d,]+ results$/)).toBeVisible();
  await a.getByRole('button', { name: 'Columns' }).click();
  await a.getByRole('checkbox', { name: 'Phone Number' }).check();
  await a.keyboard.press('Escape');
  const saved = a.waitForResponse(
    (response) =>
      response.url().endsWith('/api/preferences') &&
      response.request().method() === 'PUT' &&
      response.request().postDataJSON().leadsPageSize === 50,
  );
  await a.getByRole('textbox', { name: 'Show' }).click();
  await a.getByRole('option', { name: '50' }).click();
  expect((await saved).status()).toBe(200);
  await a.getByRole('button', { name: 'User menu' }).click();
  await a.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(a).toHaveURL(/\/login$/);
  expect(await a.evaluate(() => localStorage.length)).toBe(0);
  await first.close();

  const second = await browser.newContext({ baseURL, viewport: VIEWPORT });
  const b = await second.newPage();
  await signIn(b, PERSON.email, PERSON.password);
  await expect(b.getByRole('textbox', { name: 'End Month' })).toHaveValue('December');
  await expect(b.getByRole('button', { name: 'Collapse sidebar' })).toHaveAttribute('aria-pressed', 'true');
  await b.goto('/leads');
  await expect(b.getByText(/^Showing 1 to \d+ of [\d,]+ results$/)).toBeVisible();
  await expect(b.getByRole('columnheader', { name: /Phone Number/ })).toBeVisible();
  await expect(b.getByRole('textbox', { name: 'Show' })).toHaveValue('50');
  await b.mouse.move(900, 600); // the pinned sidebar stays 256 px wide
  await b.screenshot({ path: path.join(SCREENSHOTS, 'preferences-restored-leads.png') });
  await second.close();
});
