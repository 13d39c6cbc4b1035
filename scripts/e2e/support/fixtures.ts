import { test as base, expect, type Page } from '@playwright/test';
import path from 'node:path';
import { ROOT } from '../../apps';
import { E2E_ADMIN, startAppServer, type AppServer } from './appServer';
import { adminToken } from './users';

export const SCREENSHOTS = path.join(ROOT, 'test-results', 'screenshots');

const setupTokens = new Map<string, { token: string; at: number }>();
const SETUP_TOKEN_MS = 5 * 60_000;

/**
 * The admin's access token for a test's setup, signed in once every few minutes per server:
 * a sign-in costs a full scrypt at OWASP's cost (about 0.3 s here), and every test resets
 * the admin's preferences before it starts.
 */
async function setupToken(baseURL: string, { fresh = false } = {}): Promise<string> {
  const known = setupTokens.get(baseURL);
  if (!fresh && known && Date.now() - known.at < SETUP_TOKEN_MS) return known.token;
  const token = await adminToken(baseURL);
  setupTokens.set(baseURL, { token, at: Date.now() });
  return token;
}

/** One production server per worker; each test gets a page pointed at it. */
export const test = base.extend<{ baseURL: string; freshPreferences: void }, { appServer: AppServer }>({
  appServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startAppServer();
      await use(server);
      await server.stop();
    },
    // the server's start may take up to its own deadline (appServer.ts), past a test's 60 s
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ appServer }, use) => use(appServer.url),
  // The admin's preferences follow them from test to test (they live on the server): each
  // test starts from the spec's defaults, as a person signing in for the first time.
  freshPreferences: [
    async ({ baseURL }, use) => {
      const reset = async (token: string) =>
        fetch(`${baseURL}/api/preferences`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: '{}',
        });
      let response = await reset(await setupToken(baseURL));
      // the admin signed out everywhere, or the token ran out: sign in again
      if (response.status === 401) response = await reset(await setupToken(baseURL, { fresh: true }));
      if (!response.ok) throw new Error(`could not reset the admin's preferences: ${response.status}`);
      await use();
    },
    { auto: true },
  ],
});

export async function signIn(page: Page, email = E2E_ADMIN.email, password = E2E_ADMIN.password) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/scheduling$/);
}

/**
 * Moves the pointer off the sidebar (which widens over the content while hovered) and waits
 * until it is the 64 px strip again: for clicks on what it covered, and for pictures.
 */
export async function foldSidebar(page: Page) {
  await page.mouse.move(900, 600);
  await expect.poll(async () => (await page.getByTestId('sidebar').boundingBox())?.width).toBe(64);
}

export { expect };
