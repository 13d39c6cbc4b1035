import { test as base, expect, type Page } from '@playwright/test';
import { standardViewState } from '../../../shared/src/contract/leadsViewState';
import path from 'node:path';
import { freePort } from '../../../server/testkit/freePort';
import { OIDC_CLIENT, startOidcProvider } from '../../../server/testkit/servers/oidcProvider';
import { E2E_ADMIN, startAppServer, type AppServer } from '../support/appServer';
import { SCREENSHOTS } from '../support/fixtures';
import { adminToken } from '../support/users';

/** One server for the file, with a real identity provider beside it (the testkit's oidc-provider). */
const test = base.extend<object, { withProvider: AppServer }>({
  withProvider: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const port = await freePort();
      const appUrl = `http://127.0.0.1:${port}`;
      const provider = await startOidcProvider(`${appUrl}/api/auth/google-callback`);
      const server = await startAppServer({
        PORT: String(port),
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: OIDC_CLIENT.id,
        OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
      });
      await use(server);
      await server.stop();
      await provider.close();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ withProvider }, use) => use(withProvider.url),
});

/** A link to a saved view with a filter and a sort of its own, as one would share it. */
async function sharedLink(baseURL: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/views`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await adminToken(baseURL)}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Completed, newest first ${Date.now()}`,
      shared: true,
      state: {
        ...standardViewState(),
        columns: { status: '=Completed' },
        sort: { id: 'scheduledDate', desc: true },
      },
    }),
  });
  const view = (await response.json()) as { id: number };
  return `/leads?f.status=%3DCompleted&sort=-scheduledDate&view=${view.id}`;
}

const placeOf = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** The provider's own pages, until it sends the browser back: its login form (any password), then its consent. */
async function signInAtProvider(page: Page, email: string, appOrigin: string) {
  for (let step = 0; step < 4; step += 1) {
    await page.waitForLoadState();
    if (new URL(page.url()).origin === appOrigin) return;
    const login = page.locator('input[name="login"]');
    const before = page.url();
    const leaving = page.waitForURL((url) => url.href !== before, { timeout: 15_000 });
    if (await login.isVisible()) {
      await login.fill(email);
      await page.locator('input[name="password"]').fill('any');
      await login.press('Enter');
    } else {
      await page.locator('form [type="submit"]').first().click();
    }
    await leaving;
  }
}

test('a link opened signed out is opened again after a password sign-in', async ({ page, baseURL }) => {
  const link = await sharedLink(baseURL!);
  await page.goto(link);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => placeOf(page)).toBe(link);
  await expect(page.getByRole('button', { name: /^Saved views: Completed, newest first/ })).toBeVisible();
});

test('a link opened signed out is opened again after an identity-provider sign-in', async ({
  page,
  baseURL,
}) => {
  const link = await sharedLink(baseURL!);
  await page.goto(link);
  await expect(page).toHaveURL(/\/login$/);
  const button = page.getByRole('link', { name: 'Sign in with single sign-on' });
  await page.screenshot({ path: path.join(SCREENSHOTS, 'login-with-provider.png') });
  await button.click();
  await signInAtProvider(page, E2E_ADMIN.email, new URL(baseURL!).origin);
  await expect.poll(() => placeOf(page), { timeout: 15_000 }).toBe(link);
  await expect(page.getByRole('heading', { name: 'Lead Management' })).toBeVisible();
});

test('a sign-in never sends the browser to another origin, however the place is spelled', async ({
  page,
  baseURL,
}) => {
  for (const elsewhere of [
    '//evil.example',
    '/\\evil.example',
    'https://evil.example/x',
    '%2F%2Fevil.example',
    '/\t/evil.example',
  ]) {
    await page.context().clearCookies();
    await page.goto('/login');
    await page.evaluate(() => localStorage.clear());
    // what a crafted link would start: the provider's sign-in coming back with `next` set
    const callback = new URL('/auth/callback', baseURL);
    callback.searchParams.set('next', elsewhere);
    await page.goto(`/api/auth/google-login?returnUrl=${encodeURIComponent(callback.href)}`);
    await signInAtProvider(page, E2E_ADMIN.email, new URL(baseURL!).origin);
    await expect(page.getByRole('heading', { name: 'Scheduling Management' })).toBeVisible({
      timeout: 15_000,
    });
    expect(new URL(page.url()).origin, elsewhere).toBe(new URL(baseURL!).origin);
    expect(new URL(page.url()).pathname, elsewhere).toBe('/scheduling');
  }
});
