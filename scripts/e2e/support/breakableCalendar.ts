import { test as base } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { icsCalendar } from '../../../server/testkit/builders/icsBuilder';
import { startAppServer, type AppServer } from './appServer';

/** What a calendar file looks like when it is cut off mid-write. */
export const BROKEN_ICS = 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\n';

/** A server of its own per test, reading its calendar from a file the test can break. */
export const test = base.extend<{ calendarFile: string; appServer: AppServer; baseURL: string }>({
  // eslint-disable-next-line no-empty-pattern
  calendarFile: async ({}, use) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-e2e-calendar-'));
    await use(path.join(dir, 'calendar.ics'));
    fs.rmSync(dir, { recursive: true, force: true });
  },
  appServer: async ({ calendarFile }, use) => {
    const soon = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
    fs.writeFileSync(
      calendarFile,
      icsCalendar([
        { uid: 'a@e2e', start: `${soon}T140000Z`, summary: 'Jane Doe' },
        { uid: 'b@e2e', start: `${soon}T160000Z`, summary: 'Tom Lee' },
      ]),
    );
    const server = await startAppServer({ CALENDAR_ICS: calendarFile });
    await use(server);
    await server.stop();
  },
  baseURL: async ({ appServer }, use) => use(appServer.url),
});
