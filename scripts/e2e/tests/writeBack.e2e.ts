import { test as base } from '@playwright/test';
import path from 'node:path';
import { startBusyProxy } from '../../../server/testkit/servers/busyProxy';
import { icsCalendar } from '../../../server/testkit/builders/icsBuilder';
import { startRadicale, type RadicaleServer } from '../../../server/testkit/servers/radicale';
import { startAppServer, type AppServer } from '../support/appServer';
import { expect, foldSidebar, SCREENSHOTS, signIn } from '../support/fixtures';

/** `20250304T140000Z` three days before now, at 14:00 UTC. */
const threeDaysAgo = () => {
  const date = new Date(Date.now() - 3 * 86_400_000);
  date.setUTCHours(14, 0, 0, 0);
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
};

/** While set, the proxy in front of Radicale answers every PUT 503: the calendar cannot be written. */
let refusingWrites = false;

/** The app with write-back on, reading and writing a real Radicale through a proxy. */
const test = base.extend<{ radicale: RadicaleServer; appServer: AppServer; baseURL: string }>({
  // eslint-disable-next-line no-empty-pattern
  radicale: async ({}, use) => {
    const radicale = await startRadicale();
    const calendarUrl = await radicale.createCalendar('audits', 'Audits');
    await radicale.putEvent(
      calendarUrl,
      'write-back-e2e.ics',
      icsCalendar([
        {
          uid: 'write-back-e2e@test',
          start: threeDaysAgo(),
          summary: 'Priya Natarajan',
          description: 'Auditor: Sam Rivera\nHouse Type: 2 Family\nPhone: (617) 555-0142\nGate Code: 4711',
        },
      ]),
    );
    await use(radicale);
    await radicale.stop();
  },
  appServer: async ({ radicale }, use) => {
    const proxy = await startBusyProxy(radicale.url, (_, request) =>
      refusingWrites && request.method === 'PUT' ? { status: 503 } : null,
    );
    const server = await startAppServer({
      CALENDAR_SOURCE: 'caldav',
      CALDAV_URL: `${proxy.url}${radicale.username}/`,
      CALDAV_USERNAME: radicale.username,
      CALDAV_PASSWORD: radicale.password,
      CALDAV_CALENDAR: 'Audits',
      CALENDAR_WRITE_BACK: 'on',
    });
    await use(server);
    await server.stop();
    await proxy.close();
  },
  baseURL: async ({ appServer }, use) => use(appServer.url),
});

test('an edit the calendar refuses waits with its reason on the form, then reaches the calendar', async ({
  page,
  radicale,
}) => {
  test.setTimeout(150_000);
  await signIn(page);
  await page.getByRole('link', { name: 'Calendar Sync' }).click();
  await foldSidebar(page);
  await expect(page.getByText('Edits are written back to the calendar.')).toBeVisible();
  await page.getByRole('button', { name: 'Last 30d' }).click();
  await page.getByRole('button', { name: 'Start Sync' }).click();
  await expect(page.getByTestId('sync-result')).toContainText('Sync Completed Successfully', {
    timeout: 30_000,
  });
  await page.screenshot({ path: path.join(SCREENSHOTS, 'write-back-sync-screen.png') });

  refusingWrites = true;
  await page.getByRole('link', { name: 'Leads' }).click();
  await page.getByPlaceholder('Search all columns...').fill('Priya');
  await page.getByRole('button', { name: 'Edit Priya Natarajan' }).click();
  const form = page.getByRole('dialog', { name: 'Edit Lead' });
  await expect(form.getByText('Edits are written back to the calendar.')).toBeVisible();
  await form.getByLabel('Phone Number').fill('(617) 555-0100');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();

  await page.getByRole('button', { name: 'Edit Priya Natarajan' }).click();
  const waiting = form.getByRole('alert').filter({ hasText: 'Not yet in the calendar' });
  // the retries of the busy server take up to 15 s before the attempt counts as failed
  await expect(waiting).toContainText(/answered HTTP 503 Service Unavailable 5 times in a row/, {
    timeout: 40_000,
  });
  await expect(waiting).toContainText('It is tried again by itself');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'write-back-not-yet-in-calendar.png') });

  refusingWrites = false;
  // the next attempt comes 15 to 30 s after the first; the form looks again every 5 s
  await expect(waiting).toBeHidden({ timeout: 60_000 });
  await page.screenshot({ path: path.join(SCREENSHOTS, 'write-back-written.png') });
  const stored = await fetch(`${radicale.accountUrl}audits/write-back-e2e.ics`, {
    headers: {
      authorization: `Basic ${Buffer.from(`${radicale.username}:${radicale.password}`).toString('base64')}`,
    },
  });
  const ics = (await stored.text()).replace(/\r\n[ \t]/g, '');
  expect(ics).toContain('Phone: (617) 555-0100');
  expect(ics).toContain('Gate Code: 4711');
});
