import path from 'node:path';
import { E2E_ADMIN } from '../support/appServer';
import { expect, foldSidebar, SCREENSHOTS, signIn, test } from '../support/fixtures';

test.describe('the shell', () => {
  test('signing in as the admin lands on /scheduling inside the layout', async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Scheduling Management' })).toBeVisible();
    await expect(page.getByText('Comprehensive lead tracking and analytics dashboard')).toBeVisible();
    await expect(page.getByRole('banner').getByText('Auditdesk')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'User Management' })).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'shell-scheduling.png') });

    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByText('admin@auditdesk.test')).toBeVisible();
    await page.waitForTimeout(250); // let the menu's fade-in finish for the picture
    await page.screenshot({ path: path.join(SCREENSHOTS, 'shell-user-menu.png') });
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('a wrong password shows the error and stays on /login', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('admin@auditdesk.test');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid e-mail or password.');
    await expect(page).toHaveURL(/\/login$/);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'login-error.png') });
  });

  test('protected routes send a visitor to /login and back after sign-in; unknown paths land on /scheduling', async ({
    page,
  }) => {
    await page.goto('/leads');
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/leads$/);
    await page.goto('/no/such/place');
    await expect(page).toHaveURL(/\/scheduling$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/scheduling$/);
  });

  test('the session survives a reload', async ({ page }) => {
    await signIn(page);
    await page.goto('/sync');
    await expect(page.getByRole('heading', { name: 'Calendar Sync' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Calendar Sync' })).toBeVisible();
  });

  test('the sidebar is a 64 px strip that widens to 256 px on hover', async ({ page }) => {
    await signIn(page);
    const sidebar = page.getByTestId('sidebar');
    await page.mouse.move(900, 500);
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(64);

    await sidebar.hover();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(256);
    await expect(sidebar.getByText('Calendar Sync')).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'shell-sidebar-hover.png') });

    await page.mouse.move(900, 500);
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(64);
  });

  test('each remote page renders inside the shell, with one shared package on the page', async ({ page }) => {
    await signIn(page);
    const pages: [string, string][] = [
      ['Leads', 'Lead Management'],
      ['Calendar Sync', 'Calendar Sync'],
      ['User Management', 'User Management'],
      ['Scheduling', 'Scheduling Management'],
    ];
    for (const [link, heading] of pages) {
      await page.getByRole('link', { name: link }).click();
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    }
    await page.getByLabel('Resources').click();
    await page.getByRole('link', { name: 'Redis' }).click();
    await expect(page.getByRole('heading', { name: 'Redis Resources' })).toBeVisible();
    await page.getByRole('link', { name: 'CloudFlare D1' }).click();
    await expect(page.getByRole('heading', { name: 'CloudFlare D1 Resources' })).toBeVisible();

    // @auditdesk/shared (API client, QueryClient, auth store) was evaluated exactly once.
    expect(await page.evaluate(() => globalThis.__AUDITDESK_SHARED__?.instances)).toBe(1);
  });

  test('keyboard: focus is visible at every stop, and the Resources group opens with Enter', async ({
    page,
  }) => {
    await signIn(page);
    await page.getByRole('link', { name: 'Leads' }).click();
    await expect(page.getByTestId('leads-footer')).toContainText('results');
    await foldSidebar(page);
    await page.locator('body').click({ position: { x: 700, y: 120 } });
    const stops: string[] = [];
    for (let step = 0; step < 40; step += 1) {
      await page.keyboard.press('Tab');
      const focused = () =>
        page.evaluate(() => {
          const element = document.activeElement as HTMLElement | null;
          if (!element || element === document.body) return null;
          const style = getComputedStyle(element);
          const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
          const ringed = style.boxShadow !== 'none';
          // Mantine's inputs show focus by a border in the primary colour (after a short transition)
          const probe = document.body.appendChild(document.createElement('span'));
          probe.style.color = 'var(--mantine-primary-color-filled)';
          const primary = getComputedStyle(probe).color;
          probe.remove();
          const bordered = element.tagName === 'INPUT' && style.borderTopColor === primary;
          const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? '';
          return { name: `${element.tagName} ${name}`, visible: outlined || ringed || bordered };
        });
      const stop = await focused();
      if (!stop) continue;
      stops.push(stop.name);
      await expect
        .poll(async () => (await focused())?.visible, { message: `focus not visible on ${stop.name}` })
        .toBe(true);
    }
    expect(stops.length).toBeGreaterThan(20);

    // the Resources group from the keyboard
    const resources = page.getByRole('button', { name: 'Resources' });
    await resources.focus();
    await page.keyboard.press('Enter');
    await expect(resources).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'CloudFlare D1' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'CloudFlare D1 Resources' })).toBeVisible();
  });
});

test('the production build serves no source maps and points at none', async ({ request }) => {
  for (const script of ['/main.js', '/remotes/leads/remoteEntry.js']) {
    const response = await request.get(script);
    expect(response.status()).toBe(200);
    expect(await response.text()).not.toMatch(/sourceMappingURL=\S+\.map/);
    expect((await request.get(`${script}.map`)).status()).toBe(404);
  }
});
