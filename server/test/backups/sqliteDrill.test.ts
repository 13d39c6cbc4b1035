import type { RestorePoint } from '@auditdesk/shared/core';
import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { listCommand, restoreCommand } from '../../src/cli/backupCommands';
import { openServices } from '../../src/openServices';
import { loadConfig } from '../../src/platform/config/loadConfig';
import { icsCalendar } from '../../testkit/builders/icsBuilder';
import { startS3Server, type TestS3Server } from '../../testkit/servers/s3Server';
import { ADMIN, bearer, createTestApp, type TestApp } from '../../testkit/testApp';
import { importRequest } from '../../testkit/clients/importForm';
import { officeRecord } from '../../testkit/builders/officeRecord';

const MARCH = { startDate: '2025-03-01', endDate: '2025-03-31' };
const JANE = { email: 'jane@example.com', password: 'janes-own-password-1' };

const event = (n: number, phone = `(617) 555-01${String(n).padStart(2, '0')}`) => ({
  uid: `drill-${n}@test`,
  start: `202503${String(n + 3).padStart(2, '0')}T150000Z`,
  summary: `Customer ${n}`,
  description: `Auditor: ${n % 2 ? 'Sam Rivera' : 'Alex Chen'}\nHouse Type: 2 Family\nPhone: ${phone}`,
});

// Issue 36, the drill: what an operator does after losing the machine, on SQLite with the
// snapshots in an S3-compatible bucket.
describe('the disaster drill on SQLite', () => {
  let s3: TestS3Server;
  let calendarDir: string;
  const opened: TestApp[] = [];
  beforeAll(async () => {
    s3 = await startS3Server();
    calendarDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-drill-cal-'));
  });
  afterAll(async () => {
    await Promise.all(opened.map((app) => app.close().catch(() => undefined)));
    await s3.stop();
    fs.rmSync(calendarDir, { recursive: true, force: true });
  });

  it('brings every lead, office value, history entry, view, preference and person back from the bucket into a new folder', async () => {
    const calendarFile = path.join(calendarDir, 'calendar.ics');
    const settings = { CALENDAR_ICS: calendarFile, BACKUP_KEY: 'the drill passphrase 2026', ...s3.env() };
    fs.writeFileSync(calendarFile, icsCalendar(Array.from({ length: 10 }, (_, n) => event(n + 1))));

    // a server with real data
    const first = await createTestApp(settings, { engine: 'sqlite' });
    opened.push(first);
    await first.users.create({
      email: JANE.email,
      fullName: 'Jane Office',
      role: 'Manager',
      passwordHash: await first.passwords.hash(JANE.password),
    });
    const admin = bearer((await first.login()).access_token);
    const jane = bearer((await first.login(JANE.email, JANE.password)).access_token);
    const call = (
      headers: Record<string, string>,
      method: 'GET' | 'POST' | 'PUT' | 'PATCH',
      url: string,
      payload?: object,
    ) => first.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const sync = async () => {
      const answer = await call(admin, 'POST', '/api/sync/execute', MARCH);
      expect(answer.statusCode).toBe(200);
      return answer.json() as {
        success: boolean;
        eventsCreated: number;
        eventsUpdated: number;
        eventsDeleted: number;
      };
    };
    expect(await sync()).toMatchObject({ success: true, eventsCreated: 10 });
    const leads = (await call(jane, 'GET', '/api/leads?excludeCalendarNotFormatted=false')).json() as {
      id: number;
      leadId: string;
      version: number;
    }[];
    const edited = leads.find((entry) => entry.leadId === 'drill-1@test')!;
    expect(
      (await call(jane, 'PATCH', `/api/leads/${edited.id}`, { phoneNumber: '(617) 555-9999' })).statusCode,
    ).toBe(200);
    // the calendar changes the same field: a conflict the lead shows
    fs.writeFileSync(
      calendarFile,
      icsCalendar(Array.from({ length: 10 }, (_, n) => event(n + 1, n === 0 ? '(617) 555-7777' : undefined))),
    );
    expect(await sync()).toMatchObject({ success: true, eventsUpdated: 1 });
    const viewState = {
      search: 'Customer',
      startDate: '',
      endDate: '',
      columns: {},
      referredBy: 'all',
      sort: null,
      pageSize: 50,
      visibleColumns: null,
      hideUnformatted: false,
    };
    expect(
      (await call(jane, 'POST', '/api/views', { name: 'Customers', shared: true, state: viewState }))
        .statusCode,
    ).toBe(201);
    expect((await call(jane, 'PUT', '/api/preferences', { leadsPageSize: 50 })).statusCode).toBe(200);
    const csv = 'Customer Name,Auditor,Status\nAnn Lee,Sam Rivera,Scheduled\nBo Chan,Alex Chen,Completed\n';
    const form = await importRequest('/api/leads/import', { name: 'office.csv', content: csv });
    const imported = await first.app.inject({ ...form, headers: { ...form.headers, ...jane } });
    expect(imported.statusCode).toBe(200);
    const fresh = (await call(jane, 'GET', '/api/leads?excludeCalendarNotFormatted=false')).json() as {
      id: number;
      version: number;
    }[];
    const bulk = await call(jane, 'POST', '/api/leads/bulk', {
      leads: fresh.slice(0, 7).map(({ id, version }) => ({ id, version })),
      change: { status: 'Completed' },
    });
    expect(bulk.statusCode).toBe(200);

    // the import and the bulk change each made a restore point first; now one on request
    const now = await call(admin, 'POST', '/api/backups');
    expect(now.statusCode).toBe(200);
    const taken = (now.json() as { point: RestorePoint }).point;
    await first.services.backups.settled();
    const overview = (await call(admin, 'GET', '/api/backups')).json() as { points: RestorePoint[] };
    expect(overview.points.map((point) => point.kind)).toEqual(
      expect.arrayContaining(['manual', 'bulk', 'import', 'sync']),
    );
    expect(overview.points.find((point) => point.name === taken.name)).toMatchObject({
      offsite: 'copied',
      encrypted: true,
    });
    expect(s3.keys()).toContain(`auditdesk/${taken.name}.adsnap`);
    const before = await officeRecord(first.db);
    expect(before.lead_office_values!.length).toBeGreaterThan(0);

    // the machine is lost: the data folder with it
    await first.close();
    opened.pop();
    expect(fs.existsSync(first.dataDir)).toBe(false);

    // a new machine, a new folder, only the settings
    const newFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-drill-new-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: newFolder, LOG_LEVEL: 'silent', ...settings });
    const lines: string[] = [];
    const services = await openServices(config);
    try {
      await listCommand(services.backups, (line) => lines.push(line));
      expect(lines[0]).toContain(taken.name);
      expect(lines[1]).toContain('the bucket');
      expect(await restoreCommand(services.backups, { point: taken.name }, (line) => lines.push(line))).toBe(
        0,
      );
    } finally {
      await services.close();
    }
    expect(lines.join('\n')).toContain(`Restored ${taken.name}`);

    const second = await createTestApp({ ...settings, DATA_DIR: newFolder }, { engine: 'sqlite' });
    opened.push(second);
    expect(await officeRecord(second.db)).toEqual(before);
    // the old passwords sign in
    await second.login(JANE.email, JANE.password);
    const again = bearer((await second.login(ADMIN.email, ADMIN.password)).access_token);
    const conflict = (await second.app.inject({ url: `/api/leads/${edited.id}`, headers: again })).json();
    expect(conflict).toMatchObject({ phoneNumber: '(617) 555-9999', needsReview: true });
    // the next sync changes nothing
    const next = await second.app.inject({
      method: 'POST',
      url: '/api/sync/execute',
      headers: again,
      payload: MARCH,
    });
    expect(next.json()).toMatchObject({
      success: true,
      eventsCreated: 0,
      eventsUpdated: 0,
      eventsDeleted: 0,
    });
    const [restored] = await second.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM backup_restores`);
    expect(restored!.n).toBe(1);
    await second.close();
    opened.pop();
    fs.rmSync(newFolder, { recursive: true, force: true });
  });
});
