import { startAppServer } from '../support/appServer';
import { expect, signIn, test } from '../support/fixtures';

test('two tabs share one sign-in: refreshing expired tokens at the same moment signs nobody out', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const server = await startAppServer({ ACCESS_TOKEN_TTL_SECONDS: '5' });
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
  try {
    const a = await context.newPage();
    await signIn(a);
    const b = await context.newPage();
    await b.goto('/leads');
    await expect(b.getByRole('heading', { name: 'Lead Management' })).toBeVisible();

    for (let round = 0; round < 3; round += 1) {
      await a.waitForTimeout(5500); // both tabs' access tokens have run out
      // both tabs restore the session at once: each needs a refresh, only one may spend the token
      await Promise.all([a.reload(), b.reload()]);
      await expect(a.getByRole('heading', { name: 'Scheduling Management' })).toBeVisible();
      await expect(b.getByRole('heading', { name: 'Lead Management' })).toBeVisible();
      await expect(b.getByText(/^Showing \d+ to \d+ of [\d,]+ results$/)).toBeVisible();
    }
    // and the sign-in is still alive at the server: a fresh access token of tab A works (read
    // right after a reload; a 5 s token may run out while a busy machine renders the page)
    await expect
      .poll(async () => {
        await a.reload();
        await expect(a.getByRole('heading', { name: 'Scheduling Management' })).toBeVisible();
        const token = await a.evaluate(() => localStorage.getItem('token'));
        const me = await fetch(`${server.url}/api/auth/user`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return me.status;
      })
      .toBe(200);

    // signing out in one tab signs out the other
    await a.getByRole('button', { name: 'User menu' }).click();
    await a.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(a).toHaveURL(/\/login$/);
    await expect(b).toHaveURL(/\/login$/);
  } finally {
    await context.close();
    await server.stop();
  }
});
