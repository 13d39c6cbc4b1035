import type { Locator } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { BROKEN_ICS, test } from '../support/breakableCalendar';
import { expect, foldSidebar, SCREENSHOTS, signIn } from '../support/fixtures';
import { adminToken, createUserWithPassword } from '../support/users';

const MANAGER = {
  email: 'morgan@auditdesk.test',
  name: 'Morgan Manager',
  role: 'Manager',
  password: 'morgan-e2e-password',
} as const;

/** The number in the bell's label: "Notifications (3 unread)", or 0. */
async function unreadCount(bell: Locator): Promise<number> {
  const label = (await bell.getAttribute('aria-label')) ?? '';
  return Number(/\((\d+) unread\)/.exec(label)?.[1] ?? 0);
}

test('a sync that fails while a colleague works elsewhere rings their bell at once, and the bell leads to it', async ({
  browser,
  baseURL,
  calendarFile,
}) => {
  await createUserWithPassword(baseURL, MANAGER);
  const colleague = await browser.newPage({ baseURL });
  // the bell's list has loaded and its hub connection is up before the run starts
  const listed = colleague.waitForResponse((response) => response.url().includes('/api/notifications?'));
  const hubAnswered = new Promise((resolve) =>
    colleague.on('websocket', (socket) => socket.once('framereceived', resolve)),
  );
  await signIn(colleague, MANAGER.email, MANAGER.password);
  await listed;
  await hubAnswered; // the hub's handshake answer
  await colleague.getByRole('link', { name: 'Leads' }).click();
  const bell = colleague.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toBeVisible();
  const before = await unreadCount(bell);

  // someone else's run fails (started through the API, as the Sync screen does)
  fs.writeFileSync(calendarFile, BROKEN_ICS);
  const outcome = await fetch(`${baseURL}/api/sync/execute`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await adminToken(baseURL)}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(((await outcome.json()) as { success: boolean }).success).toBe(false);

  // no reload, no minute-long poll: the hub brought it
  await expect(bell).toHaveAttribute('aria-label', `Notifications (${before + 1} unread)`, {
    timeout: 5_000,
  });
  await foldSidebar(colleague);
  await bell.click();
  const item = colleague.getByRole('button', { name: 'Sync failed (started from the Sync screen) (unread)' });
  await expect(item).toBeVisible();
  await expect(item).toContainText('The calendar file could not be read');
  // the popover fades in: the picture waits until it is fully there
  await expect
    .poll(() =>
      item.evaluate((element) => getComputedStyle(element.closest('.mantine-Popover-dropdown')!).opacity),
    )
    .toBe('1');
  await colleague.screenshot({ path: path.join(SCREENSHOTS, 'notifications-bell.png') });

  await item.click();
  await expect(colleague).toHaveURL(/\/sync$/);
  await expect(bell).toHaveAttribute(
    'aria-label',
    before === 0 ? 'Notifications' : `Notifications (${before} unread)`,
  );

  // read stays read after a reload
  await colleague.reload();
  await expect(colleague.getByRole('button', { name: /^Notifications/ })).toHaveAttribute(
    'aria-label',
    before === 0 ? 'Notifications' : `Notifications (${before} unread)`,
  );
  await colleague.close();
});
