import { test as base } from '@playwright/test';
import path from 'node:path';
import { startBusyProxy } from '../../../server/testkit/servers/busyProxy';
import { icsCalendar } from '../../../server/testkit/builders/icsBuilder';
import { startRadicale, type RadicaleServer } from '../../../server/testkit/servers/radicale';
import { startAppServer, type AppServer } from '../support/appServer';
import { expect, foldSidebar, SCREENSHOTS, signIn } from '../support/fixtures';

/** `20250304T140000Z` for `days` days before now, at 14:00 UTC. */
const daysAgo = (days: number) => {
  const date = new Date(Date.now() - days * 86_400_000);
  date.setUTCHours(14, 0, 0, 0);
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
};

const APPOINTMENTS = [
  { uid: 'caldav-e2e-1@test', start: daysAgo(3), summary: 'Dana Whitfield' },
  { uid: 'caldav-e2e-2@test', start: daysAgo(10), summary: 'Omar Haddad' },
  {
    uid: 'caldav-e2e-3@test',
    start: daysAgo(20),
    summary: 'Cancelled: Lena Fischer',
    description: 'Auditor: Alex Chen\nHouse Type: Single Family',
  },
];

/**
 * The app reading its calendar from a real Radicale, through a proxy that answers the
 * first calendar-query 429 (Retry-After: 2), as a busy CalDAV server would.
 */
const test = base.extend<{ radicale: RadicaleServer; appServer: AppServer; baseURL: string }>({
  // eslint-disable-next-line no-empty-pattern
  radicale: async ({}, use) => {
    const radicale = await startRadicale();
    const calendarUrl = await radicale.createCalendar('audits', 'Audits');
    for (const appointment of APPOINTMENTS)
      await radicale.putEvent(calendarUrl, `${appointment.uid}.ics`, icsCalendar([appointment]));
    await use(radicale);
    await radicale.stop();
  },
  appServer: async ({ radicale }, use) => {
    let reportsRefused = 0;
    const proxy = await startBusyProxy(radicale.url, (_, request) =>
      request.method === 'REPORT' && reportsRefused++ === 0 ? { status: 429, retryAfter: '2' } : null,
    );
    const server = await startAppServer({
      CALENDAR_SOURCE: 'caldav',
      CALDAV_URL: `${proxy.url}${radicale.username}/`,
      CALDAV_USERNAME: radicale.username,
      CALDAV_PASSWORD: radicale.password,
      CALDAV_CALENDAR: 'Audits',
    });
    await use(server);
    await server.stop();
    await proxy.close();
  },
  baseURL: async ({ appServer }, use) => use(appServer.url),
});

test('Start Sync reads the CalDAV calendar, says while it waits for the busy server, and stores the leads', async ({
  page,
  baseURL,
}) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Calendar Sync' }).click();
  await foldSidebar(page);
  await expect(page.getByText('Live updates: Connected')).toBeVisible();
  await expect(page.getByText('Ready to sync')).toBeVisible();
  await expect(page.getByLabel('Total syncs')).toContainText('0'); // no demo import with a CalDAV source

  await page.getByRole('button', { name: 'Last 30d' }).click();
  await page.getByRole('button', { name: 'Start Sync' }).click();

  const calendarStep = page.getByTestId('step-calendar');
  await expect(calendarStep).toContainText(
    /The CalDAV server 127\.0\.0\.1:\d+ answered HTTP 429 Too Many Requests; waiting 2\ss before attempt 2 of 5/,
  );
  await page.screenshot({ path: path.join(SCREENSHOTS, 'sync-caldav-waiting.png') });

  await expect(page.getByText('Sync completed successfully! Resetting in')).toBeVisible();
  for (const step of ['calendar', 'spreadsheet', 'database'])
    await expect(page.getByTestId(`step-${step}`)).toHaveAttribute('data-status', 'completed');
  await expect(calendarStep).toContainText('3 records');
  await expect(page.getByTestId('sync-result')).toContainText('Sync Completed Successfully');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'sync-caldav-completed.png') });

  const token = await page.evaluate(() => localStorage.getItem('token'));
  const leads: { leadId: string; customerName: string; status: string }[] = await (
    await fetch(`${baseURL}/api/leads?excludeCalendarNotFormatted=false`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json();
  expect(
    leads
      .map((lead) => [lead.leadId, lead.customerName, lead.status])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  ).toEqual([
    ['caldav-e2e-1@test', 'Dana Whitfield', 'Scheduled'],
    ['caldav-e2e-2@test', 'Omar Haddad', 'Scheduled'],
    ['caldav-e2e-3@test', 'Lena Fischer', 'Cancelled'],
  ]);
});
