import path from 'node:path';
import { createUserWithPassword, adminToken } from '../support/users';
import { expect, foldSidebar, SCREENSHOTS, signIn, test } from '../support/fixtures';

type Lead = { id: number; leadId: string; source: string; customerName: string; isFormatted: boolean };
type Duplicates = { groups: { leadIds: number[] }[]; dismissed: { a: number; b: number }[] };

async function call<T>(baseURL: string, url: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${baseURL}${url}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${await adminToken(baseURL)}`, 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** Two formatted calendar leads of the demo calendar that look like one household. */
async function calendarPair(baseURL: string): Promise<[Lead, Lead]> {
  const leads = (await call<Lead[]>(baseURL, '/api/leads')).body;
  const byId = new Map(leads.map((lead) => [lead.id, lead]));
  const { groups, dismissed } = (await call<Duplicates>(baseURL, '/api/leads/duplicates')).body;
  // a pair that is its own group only: its mark lists just the other one
  const groupsOf = (id: number) => groups.filter((group) => group.leadIds.includes(id)).length;
  for (const group of groups) {
    if (group.leadIds.length !== 2 || group.leadIds.some((id) => groupsOf(id) !== 1)) continue;
    const pair = group.leadIds
      .map((id) => byId.get(id))
      .filter((lead): lead is Lead => lead?.source === 'calendar' && lead.isFormatted);
    const [a, b] = pair;
    if (a && b && !dismissed.some((d) => (d.a === a.id && d.b === b.id) || (d.a === b.id && d.b === a.id)))
      return [a, b];
  }
  throw new Error('the demo calendar has no pair of calendar duplicates');
}

// Issue 37, "merge duplicates": from a duplicate's mark, a dialog side by side, one Undo, and a
// sync after it that does not bring the merged-away calendar lead back.
test('two calendar leads merge from the duplicates mark, undo restores both, a sync keeps them one', async ({
  page,
  baseURL,
}) => {
  const [kept, gone] = await calendarPair(baseURL);
  await signIn(page);
  const openMerge = async () => {
    await page.goto(`/leads?q=${encodeURIComponent(kept.leadId)}`);
    await foldSidebar(page);
    await expect(page.getByTestId('leads-footer')).toHaveText('Showing 1 to 1 of 1 results');
    await page.getByRole('button', { name: `Possible duplicates of ${kept.customerName}` }).click();
    await page.getByRole('button', { name: `Merge ${gone.customerName} with ${kept.customerName}` }).click();
    const dialog = page.getByTestId('merge-dialog');
    await expect(dialog).toBeVisible();
    return dialog;
  };

  const dialog = await openMerge();
  await expect(dialog).toContainText(`Lead ID ${kept.leadId}`);
  await expect(dialog).toContainText(`Lead ID ${gone.leadId}`);
  // the dialog fits the screen: nothing runs off its sides
  const box = (await page.getByRole('dialog', { name: 'Merge two leads' }).boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(1440);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'merge-dialog.png') });
  await page.getByRole('button', { name: 'Merge', exact: true }).click();
  await expect(page.getByTestId('merge-dialog')).toHaveCount(0);
  const toast = page.getByRole('alert').filter({ hasText: 'Merge of' });
  await expect(toast).toBeVisible();
  // the gone lead's link opens the merged one; the list holds one of them
  expect((await call<Lead>(baseURL, `/api/leads/${gone.id}`)).body.id).toBe(kept.id);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'merge-done.png') });

  // one Undo restores both
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText(/was undone\.$/)).toBeVisible();
  expect((await call<Lead>(baseURL, `/api/leads/${gone.id}`)).body.id).toBe(gone.id);
  expect((await call<Lead>(baseURL, `/api/leads/${kept.id}`)).body.id).toBe(kept.id);

  // merged again, then a sync: the gone lead stays gone, the merged one stays
  const again = await openMerge();
  await again.getByRole('button', { name: 'Merge', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Merge of' })).toBeVisible();
  const synced = await call<{ success: boolean }>(baseURL, '/api/sync/execute', { method: 'POST', body: {} });
  expect(synced.body.success).toBe(true);
  const live = (await call<Lead[]>(baseURL, '/api/leads?excludeCalendarNotFormatted=false')).body;
  expect(live.some((lead) => lead.leadId === gone.leadId)).toBe(false);
  expect(live.some((lead) => lead.leadId === kept.leadId)).toBe(true);
  // the search, or a Lead ID filter (as a saved view or a link carries it), naming the gone lead
  // finds the lead it was merged into
  for (const query of [
    `q=${encodeURIComponent(gone.leadId)}`,
    `f.leadId=${encodeURIComponent(`=${gone.leadId}`)}`,
  ]) {
    await page.goto(`/leads?cols=scheduledDate,customerName,leadId&${query}`);
    await expect(page.getByTestId('leads-footer')).toHaveText('Showing 1 to 1 of 1 results');
    await expect(page.getByRole('cell', { name: kept.leadId, exact: true })).toBeVisible();
  }
});

// Issue 37, item 4: with many columns, focusing a row's Edit scrolls sideways; the name stays in view.
test('the customer name stays pinned beside the date when a row’s Edit takes the focus', async ({ page }) => {
  await signIn(page);
  await page.goto(
    '/leads?cols=scheduledDate,customerName,address,status,auditor,houseType,scheduledBy,referredBy,leadId,linkId,weekView,phoneNumber,heatingFuel,provider,comments',
  );
  await foldSidebar(page);
  const edit = page.getByRole('button', { name: /^Edit / }).first();
  await edit.focus();
  const row = page.getByRole('row').filter({ has: edit });
  const cells = row.getByRole('cell');
  // the selection box, the date, then the name: side by side, none under another
  const date = (await cells.nth(1).boundingBox())!;
  const name = (await cells.nth(2).boundingBox())!;
  const container = (await page.locator('.mantine-Table-table').first().locator('..').boundingBox())!;
  expect(name.x).toBeGreaterThanOrEqual(date.x + date.width - 1);
  expect(name.x).toBeGreaterThanOrEqual(container.x);
  expect(name.x + name.width).toBeLessThanOrEqual(container.x + container.width);
  const nameText = (await edit.getAttribute('aria-label'))!.replace(/^Edit /, '');
  await expect(cells.nth(2)).toContainText(nameText);
  // the name cell is what is painted there, not a cell scrolled under it
  const painted = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('td')?.textContent ?? '',
    { x: name.x + name.width / 2, y: name.y + name.height / 2 },
  );
  expect(painted).toContain(nameText);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'pinned-name.png') });
});

// Issue 37, item 8: a User opens a lead to read it.
test('a User opens a lead read-only: fields, address with the map link, time, history', async ({
  page,
  baseURL,
}) => {
  await createUserWithPassword(baseURL, {
    email: 'merge-reader@auditdesk.test',
    name: 'Merge Reader',
    role: 'User',
    password: 'reader-password-123',
  });
  await signIn(page, 'merge-reader@auditdesk.test', 'reader-password-123');
  await page.goto('/leads');
  await foldSidebar(page);
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  const open = page.getByRole('button', { name: /^Open / }).first();
  await open.click();
  const view = page.getByTestId('lead-view');
  await expect(view).toBeVisible();
  await expect(view.getByText('Time')).toBeVisible();
  await expect(view.locator('a[href^="https://www.google.com/maps/search/"]').first()).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('textbox')).toHaveCount(0);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'lead-view.png') });
  await page.getByRole('dialog').getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('lead-history')).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'lead-view-history.png') });
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
