import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, foldSidebar, SCREENSHOTS, signIn, test } from '../support/fixtures';

type ApiLead = { id: number; scheduledDate: string | null; status: string };

async function apiGet<T>(page: Page, url: string): Promise<T> {
  return page.evaluate(async (address) => {
    const response = await fetch(address, {
      headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return response.json();
  }, url);
}

const number = (n: number) => n.toLocaleString('en-US');

/** The run of whole months whose leads are nearest to `wanted` in number: first and last day, and its leads. */
function monthsNear(leads: ApiLead[], wanted: number) {
  const byMonth = new Map<string, ApiLead[]>();
  for (const lead of leads) {
    const month = lead.scheduledDate?.slice(0, 7);
    if (month) byMonth.set(month, [...(byMonth.get(month) ?? []), lead]);
  }
  const months = [...byMonth.keys()].sort();
  let best = { from: '', to: '', leads: [] as ApiLead[] };
  for (const [start, first] of months.entries()) {
    const run: ApiLead[] = [];
    for (const month of months.slice(start)) {
      run.push(...byMonth.get(month)!);
      if (Math.abs(run.length - wanted) < Math.abs(best.leads.length - wanted))
        best = { from: first, to: month, leads: [...run] };
      if (run.length >= wanted) break;
    }
  }
  const lastDay = new Date(Date.UTC(Number(best.to.slice(0, 4)), Number(best.to.slice(5, 7)), 0));
  return { from: `${best.from}-01`, to: lastDay.toISOString().slice(0, 10), leads: best.leads };
}

test('an admin changes the status of every lead a filter matches at once, sees it, and undoes it', async ({
  page,
}) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Leads' }).click();
  await foldSidebar(page);
  const footer = page.getByTestId('leads-footer');
  await expect(footer).toContainText('results');

  // whole months of about 300 leads (UTC days, as the date filter reads them)
  const range = monthsNear(await apiGet<ApiLead[]>(page, '/api/leads'), 300);
  const inRange = range.leads;
  expect(inRange.length).toBeGreaterThan(200);
  await page.getByLabel('Start Date').fill(range.from);
  await page.getByLabel('End Date').fill(range.to);
  const count = number(inRange.length);
  await expect(footer).toHaveText(`Showing 1 to 25 of ${count} results`);

  // the page, then every matching lead
  await page.getByRole('checkbox', { name: 'Toggle select all' }).check();
  const bar = page.getByTestId('bulk-bar');
  await expect(bar.getByRole('status')).toHaveText('25 leads selected');
  await bar.getByRole('button', { name: `Select all ${count} matching` }).click();
  await expect(bar.getByRole('status')).toHaveText(`${count} leads selected`);
  await foldSidebar(page);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'leads-bulk-bar.png') });

  await bar.getByRole('button', { name: 'Change', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Status' }).click();
  const dialog = page.getByRole('dialog', { name: `Change Status of ${count} leads` });
  await dialog.getByRole('textbox', { name: 'Status' }).fill('On hold');
  await dialog.getByRole('button', { name: `Change ${count} leads` }).click();

  const label = `Bulk change: Status → On hold (${count} leads)`;
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: label });
  await expect(toast).toBeVisible();
  await expect(bar).toHaveCount(0);
  const rows = page.locator('tbody tr');
  await expect(rows.filter({ hasText: 'On hold' })).toHaveCount(25);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'leads-bulk-undo-toast.png') });

  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText(`${label} was undone.`)).toBeVisible();
  await expect(rows.filter({ hasText: 'On hold' })).toHaveCount(0);
  const now = new Map(
    (await apiGet<ApiLead[]>(page, '/api/leads')).map((lead) => [lead.id, lead.status] as const),
  );
  expect(inRange.map((lead) => now.get(lead.id))).toEqual(inRange.map((lead) => lead.status));

  // the lead's history keeps both, the change marked undone
  const { items } = await apiGet<{ items: { action: { label: string; undoneAt: string | null } | null }[] }>(
    page,
    `/api/leads/${inRange[0]!.id}/history`,
  );
  expect(items.slice(0, 2).map((entry) => entry.action?.label)).toEqual([`Undo of “${label}”`, label]);
  expect(items[1]!.action!.undoneAt).not.toBeNull();
  // and so does its History tab: the change marked undone, no Undo left to press
  await rows
    .first()
    .getByRole('button', { name: /^Edit / })
    .click();
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByTestId('lead-history');
  await expect(history.getByText(`${label} (undone)`).first()).toBeVisible();
  await expect(history.getByText(`Undo of “${label}”`).first()).toBeVisible();
  await expect(history.getByRole('button', { name: /^Undo/ })).toHaveCount(0);
});
