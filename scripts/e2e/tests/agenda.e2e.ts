import fs from 'node:fs';
import ICAL from 'ical.js';
import path from 'node:path';
import { expect, foldSidebar, SCREENSHOTS, signIn, test } from '../support/fixtures';
import { pdfPageTexts } from '../support/pdfText';

const minutesOf = (time: string) => {
  const [, hour, minute, period] = /^(\d{1,2}):(\d{2}) (AM|PM)/.exec(time)!;
  return ((Number(hour) % 12) + (period === 'PM' ? 12 : 0)) * 60 + Number(minute);
};

test("an auditor's week: visits in time order, printed a page a day, and the same visits as an .ics", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page
    .getByRole('navigation', { name: 'Scheduling views' })
    .getByRole('link', { name: 'Agenda' })
    .click();
  await expect(page).toHaveURL(/\/scheduling\/agenda$/);
  await expect(page).toHaveTitle('Agenda · Auditdesk');
  await foldSidebar(page);
  await expect(page.getByRole('textbox', { name: 'Auditor' })).not.toHaveValue('');
  const auditor = await page.getByRole('textbox', { name: 'Auditor' }).inputValue();

  // the middle of last month: the demo calendar has a whole month of visits there
  const now = new Date();
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15)).toISOString().slice(0, 10);
  await page.getByText('Week', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Date' }).fill(day);
  await expect(page).toHaveURL(new RegExp(`day=${day}`));
  await expect(page).toHaveURL(/span=week/);
  // the week's own visits are on screen once the summary names the week (until then: the last ones)
  const monday = new Date(
    Date.parse(`${day}T00:00:00Z`) - ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) * 86_400_000,
  );
  const sunday = new Date(monday.getTime() + 6 * 86_400_000);
  const short = (date: Date) =>
    date.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });
  await expect(page.getByTestId('agenda-summary')).toContainText(`${short(monday)} – ${short(sunday)}:`);
  await expect(page.getByTestId('agenda-days')).toHaveAttribute('aria-busy', 'false');
  const sections = page.locator('[data-agenda-day]');
  const days = await sections.evaluateAll((elements) =>
    elements.map((element) => element.getAttribute('data-agenda-day')!),
  );
  expect(days.length).toBeGreaterThanOrEqual(2);
  expect([...days].sort()).toEqual(days);

  // each day in time order, and its count is its rows
  let visits = 0;
  for (const section of await sections.all()) {
    const times = await section.locator('[data-testid="agenda-visit"] td:first-child').allTextContents();
    expect(times.length).toBeGreaterThan(0);
    const starts = times.map(minutesOf);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    await expect(section.getByTestId('agenda-day-count')).toHaveText(
      `${times.length} ${times.length === 1 ? 'visit' : 'visits'}`,
    );
    visits += times.length;
  }
  await expect(page.getByTestId('agenda-summary')).toContainText(`${visits} visits`);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'agenda-week.png') });

  // printed: one page per day, each headed by the auditor and the day, none of the app around it
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: path.join(SCREENSHOTS, 'agenda-print-media.png'), fullPage: true });
  const pdf = await page.pdf({ format: 'A4' });
  fs.writeFileSync(path.join(SCREENSHOTS, 'agenda-week.pdf'), pdf);
  await page.emulateMedia({ media: 'screen' });
  const pages = await pdfPageTexts(pdf);
  expect(pages).toHaveLength(days.length);
  const headings = await sections.locator('h2').allTextContents();
  pages.forEach((text, index) => {
    expect(text).toContain(headings[index]!.replace(/\s+/g, ' '));
    expect(text.startsWith(auditor)).toBe(true); // the page's head: whose day it is
    expect(text).not.toContain('Download .ics');
    expect(text).not.toContain('Calendar Sync');
  });
  const printedTimes = pages.flatMap((text) =>
    [...text.matchAll(/\b(\d{1,2}:\d{2} (?:AM|PM)) –/g)].map((match) => match[1]!),
  );
  expect(printedTimes).toHaveLength(visits);

  // the .ics holds the same visits, at the same instants
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download .ics' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^agenda-.+-to-.+\.ics$/);
  const events = new ICAL.Component(ICAL.parse(fs.readFileSync((await download.path())!, 'utf8')))
    .getAllSubcomponents('vevent')
    .map((component) => new ICAL.Event(component));
  const names = await page.locator('[data-testid="agenda-visit"] td:nth-child(2)').allTextContents();
  expect(events.map((event) => event.summary)).toEqual(names);
  expect(events.every((event) => event.startDate.compare(event.endDate) < 0)).toBe(true);
});

test("a phone subscribes to an auditor's agenda by a private address, which stops working once revoked", async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/scheduling/agenda');
  await foldSidebar(page);
  await expect(page.getByRole('textbox', { name: 'Auditor' })).not.toHaveValue('');
  const auditor = await page.getByRole('textbox', { name: 'Auditor' }).inputValue();
  await page.getByRole('button', { name: `Subscribe a phone to ${auditor}'s agenda` }).click();
  const modal = page.getByRole('dialog', { name: 'Phone calendar address' });
  const address = await modal.getByLabel('Address').inputValue();
  expect(address).toMatch(/\/api\/agenda-feed\/[A-Za-z0-9_-]{43}$/);
  await page.waitForTimeout(300); // the dialog's transition
  await page.screenshot({ path: path.join(SCREENSHOTS, 'agenda-feed-address.png') });
  await modal.getByRole('button', { name: 'Done' }).click();
  await expect(modal).toBeHidden();

  // a calendar app reads it without signing in: the demo's visits of the coming weeks
  const read = await page.request.get(address);
  expect(read.status()).toBe(200);
  expect(read.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const events = new ICAL.Component(ICAL.parse(await read.text())).getAllSubcomponents('vevent');
  expect(events.length).toBeGreaterThan(0);

  const feeds = page.getByTestId('agenda-feeds');
  await expect(feeds).toContainText(auditor);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'agenda-feeds.png') });
  await feeds
    .getByRole('button', { name: /^Revoke the address/ })
    .last()
    .click();
  await expect(page.getByText(`The address of ${auditor}'s agenda no longer works.`)).toBeVisible();
  expect((await page.request.get(address)).status()).toBe(404);
});
