import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { icsCalendar } from '../../../server/testkit/builders/icsBuilder';
import { test } from '../support/breakableCalendar';
import { expect, foldSidebar, SCREENSHOTS, signIn } from '../support/fixtures';

const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
const janeOnCalendar = (phone: string, auditor: string) =>
  icsCalendar([
    {
      uid: 'jane@e2e',
      start: `${tomorrow}T140000Z`,
      summary: 'Jane Doe',
      description: `Auditor: ${auditor}\nHouse Type: 2 Family\nPhone: ${phone}`,
    },
    { uid: 'tom@e2e', start: `${tomorrow}T160000Z`, summary: 'Tom Lee' },
  ]);

async function syncNow(page: Page) {
  await page.getByRole('link', { name: 'Calendar Sync' }).click();
  await expect(page.getByText('Ready to sync')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Start Sync' }).click();
  await expect(page.getByTestId('sync-result')).toContainText('Sync Completed Successfully');
}

test('an edit survives the next sync; where the calendar changed it too, the lead needs review and a person decides', async ({
  page,
  calendarFile,
}) => {
  fs.writeFileSync(calendarFile, janeOnCalendar('(617) 555-0142', 'Sam Rivera'));
  await signIn(page);
  await foldSidebar(page);
  await syncNow(page);

  // a Manager's edit of the phone
  await page.getByRole('link', { name: 'Leads' }).click();
  await page.getByPlaceholder('Search all columns...').fill('Jane Doe');
  await page.getByRole('button', { name: 'Edit Jane Doe' }).click();
  const form = page.getByRole('dialog', { name: 'Edit Lead' });
  await expect(form.getByTestId('office-values')).toContainText('Changes made here are kept');
  await form.getByLabel('Phone Number').fill('(617) 555-0100');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('checkbox', { name: 'Needs review (0)' })).toBeDisabled();

  // the calendar changes the phone and the auditor; the next sync keeps ours and flags the phone
  fs.writeFileSync(calendarFile, janeOnCalendar('(617) 555-0199', 'Alex Chen'));
  await syncNow(page);
  await page.getByRole('link', { name: 'Leads' }).click();
  await expect(page.getByRole('checkbox', { name: 'Needs review (1)' })).not.toBeChecked();
  await page.getByText('Needs review (1)').click(); // Mantine's Chip: the label is what one clicks
  await expect(page.getByTestId('leads-footer')).toContainText('Showing 1 to 1 of 1 results');
  await expect(page).toHaveURL(/review=1/);
  const row = page.getByRole('row').filter({ hasText: 'Jane Doe' });
  await expect(row.getByTestId('needs-review-mark')).toBeVisible();
  await expect(row).toContainText('Alex Chen');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'needs-review-filter.png') });

  await page.getByRole('button', { name: 'Edit Jane Doe' }).click();
  const conflict = form.getByTestId('conflict-phoneNumber');
  await expect(conflict).toContainText('Here: (617) 555-0100 — Administrator');
  await expect(conflict).toContainText('Calendar: (617) 555-0199 — Sync #2');
  await expect(form.getByLabel('Phone Number')).toHaveValue('(617) 555-0100');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'needs-review-conflict.png') });
  await conflict.getByRole('button', { name: 'Use the calendar’s' }).click();
  await expect(form.getByLabel('Phone Number')).toHaveValue('(617) 555-0199');
  await expect(form.getByTestId('conflict-phoneNumber')).toHaveCount(0);

  // every step in the history, newest first
  await form.getByRole('tab', { name: 'History' }).click();
  const timeline = form.getByTestId('lead-history');
  await expect(timeline.locator('.mantine-Timeline-item')).toHaveCount(5);
  const steps = await timeline.locator('.mantine-Timeline-item').allInnerTexts();
  expect(steps.map((text) => text.split('\n')[0])).toEqual([
    'Administrator changed Phone Number from (617) 555-0100 to (617) 555-0199',
    'Sync #2 found Phone Number changed in the calendar from (617) 555-0142 to (617) 555-0199, and changed here too: needs review',
    'Sync #2 changed Auditor from Sam Rivera to Alex Chen',
    'Administrator changed Phone Number from (617) 555-0142 to (617) 555-0100',
    'Sync #1 created the lead',
  ]);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'needs-review-history.png') });
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  // nothing left to review: the filter, still on from the link, shows no lead
  await expect(page.getByRole('checkbox', { name: 'Needs review (0)' })).toBeChecked();
  await expect(page.getByText('No leads found')).toBeVisible();
});
