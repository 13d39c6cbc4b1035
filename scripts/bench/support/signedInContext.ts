import type { Browser, BrowserContext } from '@playwright/test';
import { E2E_ADMIN } from '../../e2e/support/appServer';

/** Tokens of a fresh sign-in as the e2e admin on the server at `url`. */
export async function signInTokens(url: string): Promise<{ token: string; refreshToken: string }> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  });
  if (!response.ok) throw new Error(`signing in failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { access_token: string; refresh_token: string };
  return { token: body.access_token, refreshToken: body.refresh_token };
}

/** The localStorage entries a signed-in browser holds (see shared/src/session/authStorage.ts). */
export function sessionStorageEntries(tokens: {
  token: string;
  refreshToken: string;
}): Record<string, string> {
  return {
    token: tokens.token,
    refreshToken: tokens.refreshToken,
    user: JSON.stringify({ id: '1', email: E2E_ADMIN.email, name: 'Admin', role: 'Admin' }),
  };
}

/** A fresh browser context (empty cache) that is signed in before any page script runs. */
export async function signedInContext(browser: Browser, url: string): Promise<BrowserContext> {
  const entries = sessionStorageEntries(await signInTokens(url));
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript((items: Record<string, string>) => {
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  }, entries);
  return context;
}
