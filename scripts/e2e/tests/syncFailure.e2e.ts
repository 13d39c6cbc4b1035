import fs from 'node:fs';
import path from 'node:path';
import { BROKEN_ICS, test } from '../support/breakableCalendar';
import { expect, foldSidebar, SCREENSHOTS, signIn } from '../support/fixtures';

test('a failed sync shows its failed step, one panel with the reason, and a history row that unfolds to it', async ({
  page,
  calendarFile,
}) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Calendar Sync' }).click();
  await foldSidebar(page);
  await expect(page.getByText('Live updates: Connected')).toBeVisible();

  // a run that works, then the calendar breaks
  await page.getByRole('button', { name: 'Start Sync' }).click();
  await expect(page.getByTestId('sync-result')).toContainText('Sync Completed Successfully');
  fs.writeFileSync(calendarFile, BROKEN_ICS);
  await expect(page.getByText('Ready to sync')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Start Sync' }).click();

  const panel = page.getByTestId('sync-result');
  await expect(panel).toContainText('Sync Failed');
  await expect(panel).toContainText('The calendar file could not be read');
  await expect(
    page.getByRole('alert').filter({ hasText: 'The calendar file could not be read' }),
  ).toHaveCount(1);
  await expect(page.getByTestId('step-calendar')).toHaveAttribute('data-status', 'failed');
  await expect(page.getByTestId('step-spreadsheet')).toHaveAttribute('data-status', 'skipped');
  await expect(page.getByTestId('step-database')).toHaveAttribute('data-status', 'skipped');
  await expect(
    page.getByTestId('step-calendar').locator('.mantine-Progress-section[data-animated]'),
  ).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Start Sync' })).toBeEnabled();

  // the history: newest first, the failure unfolds to its message
  const history = page.getByTestId('sync-history');
  await expect(history.locator('tbody tr').first()).toContainText('Failed');
  await expect(history.locator('tbody tr').nth(1)).toContainText('Succeeded');
  const adminName = await page.evaluate(
    async () =>
      (
        await (
          await fetch('/api/auth/user', {
            headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
          })
        ).json()
      ).fullName as string,
  );
  // the first column holds the unfold button; "Started by" is the third
  await expect(history.locator('tbody tr').first().locator('td').nth(2)).toHaveText(adminName);
  await history.getByRole('button', { name: /^Show why run \d+ failed$/ }).click();
  await expect(history).toContainText('The calendar file could not be read');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'sync-failed.png'), fullPage: true });

  // a toast tells a user on another screen how the next run ended
  await page.getByRole('link', { name: 'Leads' }).click();
  // once the leads screen is there: until then the Sync screen is still shown (the router keeps
  // it while the next remote loads), and it shows the outcome itself
  await expect(page.getByRole('heading', { name: 'Lead Management' })).toBeVisible();
  await page.evaluate(async () => {
    await fetch('/api/sync/execute', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${localStorage.getItem('token')}`,
        'content-type': 'application/json',
      },
      body: '{}',
    });
  });
  await expect(page.getByText('Sync failed', { exact: true })).toBeVisible();
  await foldSidebar(page);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'sync-failed-toast.png') });
});
