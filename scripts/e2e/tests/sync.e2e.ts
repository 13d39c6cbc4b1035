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
  // the first start imported the demo calendar (and the suite's other tests share this server)
  const totalSyncs = page.getByLabel('Total syncs');
  await expect(totalSyncs).toContainText(/\d/);
  const before = Number((await totalSyncs.textContent())!.replace(/\D/g, ''));
  expect(before).toBeGreaterThanOrEqual(1);
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
  await expect(totalSyncs).toContainText(String(before + 1));

  // the synced leads are there for the API
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const historyPage = async (number: number, pageSize: number) =>
    (
      await (
        await fetch(`${baseURL}/api/sync/history?page=${number}&pageSize=${pageSize}`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()
    ).items;
  expect((await historyPage(1, 1))[0]).toMatchObject({ success: true, trigger: 'api' });
  const [firstRun] = await historyPage(before + 1, 1); // the oldest
  expect(firstRun).toMatchObject({ success: true, trigger: 'first-start' });
  expect(firstRun.syncedCount).toBeGreaterThan(1000);
});
