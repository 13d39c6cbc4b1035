import path from 'node:path';
import { d1Test } from '../support/d1Fixtures';
import { expect, foldSidebar, SCREENSHOTS, signIn, test } from '../support/fixtures';

// Issue 36: the Backups page an Admin reads, on SQLite (the schedule in words, Back up now) and
// on D1 (no disk of its own; any minute of Time Travel).
test('on SQLite the Backups page says the schedule in words and backs up now', async ({ page }) => {
  await signIn(page);
  await page.goto('/backups');
  await expect(page.getByRole('heading', { name: 'Backups' })).toBeVisible();
  const schedule = page.getByLabel('Schedule');
  await expect(schedule).toContainText('Every hour, on the hour');
  await expect(schedule).toContainText(/Next \d\d\/\d\d\/\d{4}, \d\d:00 [AP]M/);
  await expect(page.getByLabel('On this machine')).toBeVisible();

  await page.getByRole('button', { name: 'Back up now' }).click();
  await expect(page.getByText(/is verified and kept\.$/)).toBeVisible();
  const points = page.getByRole('table', { name: 'Restore points' });
  await expect(points.getByText('On request')).toBeVisible();
  await foldSidebar(page);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'backups-sqlite.png') });
});

d1Test('on D1 the Backups page has no disk card and offers any minute of Time Travel', async ({ page }) => {
  await signIn(page);
  await page.goto('/backups');
  await expect(page.getByLabel('Restore to')).toContainText('Any minute');
  await expect(page.getByLabel('On this machine')).toHaveCount(0);
  await expect(page.getByLabel('Schedule')).toContainText('None needed');
  await page.getByRole('button', { name: 'Back up now' }).click();
  await expect(page.getByText(/is verified and kept\.$/)).toBeVisible();
  const points = page.getByRole('table', { name: 'Restore points' });
  await expect(points.getByText('On request')).toBeVisible();
  await expect(points.getByText('Cloudflare D1 (Time Travel)')).toHaveCount(2);
  await foldSidebar(page);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'backups-d1.png') });

  await page.getByRole('button', { name: 'Restore to a minute…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore the database to a minute' });
  await expect(dialog.getByLabel(/The database as it was at/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Restore to this minute' })).toBeEnabled();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'backups-d1-minute.png') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});
