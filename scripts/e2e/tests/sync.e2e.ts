import path from 'node:path';
import { expect, foldSidebar, SCREENSHOTS, signIn, test } from '../support/fixtures';

test('Start Sync shows the three steps complete live, then the result; the leads are in the API', async ({
  page,
  baseURL,
}) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Calendar Sync' }).click();
  await foldSidebar(page);
  await expect(page.getByRole('heading', { name: 'Calendar Sync' })).toBeVisible();
  await expect(page.getByText('Live updates: Connected')).toBeVisible();
  await expect(page.getByText('Ready to sync')).toBeVisible();
  // the first start imported the demo calendar
  await expect(page.getByLabel('Total syncs')).toContainText('1');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'sync-idle.png') });

  // events seen over the hub, in order
  await page.evaluate(() => {
    const w = window as unknown as { seenSteps: string[] };
    w.seenSteps = [];
    new MutationObserver(() => {
      for (const step of document.querySelectorAll('[data-testid^="step-"]')) {
        const entry = `${step.getAttribute('data-testid')}:${step.getAttribute('data-status')}`;
        if (w.seenSteps[w.seenSteps.length - 1] !== entry && !w.seenSteps.includes(entry))
          w.seenSteps.push(entry);
      }
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-status'] });
  });

  await page.getByRole('button', { name: 'Last 90d' }).click();
  await page.getByRole('button', { name: 'Start Sync' }).click();
  await expect(page.getByText('Sync completed successfully! Resetting in')).toBeVisible();
  for (const step of ['calendar', 'spreadsheet', 'database']) {
    await expect(page.getByTestId(`step-${step}`)).toHaveAttribute('data-status', 'completed');
  }
  const result = page.getByTestId('sync-result');
  await expect(result).toContainText('Sync Completed Successfully');
  await expect(result).toContainText('Records processed:');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'sync-completed.png') });
  const seen = await page.evaluate(() => (window as unknown as { seenSteps: string[] }).seenSteps);
  expect(seen.filter((entry) => entry.endsWith(':completed'))).toEqual([
    'step-calendar:completed',
    'step-spreadsheet:completed',
    'step-database:completed',
  ]);

  // after the countdown the card is idle again
  await expect(page.getByText('Ready to sync')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByLabel('Total syncs')).toContainText('2');

  // the synced leads are there for the API
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const { items: history } = await (
    await fetch(`${baseURL}/api/sync/history`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  expect(history[0]).toMatchObject({ success: true, trigger: 'api' });
  expect(history[1]).toMatchObject({ success: true, trigger: 'first-start' });
  expect(history[1].syncedCount).toBeGreaterThan(1000);
});
