import { HUB_EVENT_NAMES } from '@auditdesk/shared/core';
import * as signalR from '@microsoft/signalr';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../testkit/freePort';
import { icsCalendar } from '../../testkit/builders/icsBuilder';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';

const MARCH = { startDate: '2025-03-01', endDate: '2025-03-31' };
const SECRET = 'private-5e3f0c2a9b7d4e1f8a6c0b2d4e6f8a1c';
const HUB_EVENTS = HUB_EVENT_NAMES;

/**
 * A private ICS address is a bearer secret and a data folder names where the signing key
 * lives: neither may reach anything a signed-in user sees, on success or failure.
 */
describe('what users see of a run names no secret address and no server folder', () => {
  let t: TestApp;
  let calendar: http.Server;
  let serveBroken = false;
  let dataDir: string;
  let port: number;
  let token: string;
  const heard: unknown[] = [];
  let hub: signalR.HubConnection;

  beforeAll(async () => {
    const calendarPort = await freePort();
    calendar = http.createServer((request, response) => {
      if (!request.url?.includes(SECRET)) return void response.writeHead(404).end();
      response
        .writeHead(200, { 'content-type': 'text/calendar' })
        .end(
          serveBroken
            ? 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\n'
            : icsCalendar([{ uid: 'a', start: '20250304T140000Z' }]),
        );
    });
    await new Promise<void>((resolve) => calendar.listen(calendarPort, '127.0.0.1', resolve));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-secret-folder-'));
    t = await createTestApp({
      CALENDAR_ICS: `http://127.0.0.1:${calendarPort}/calendar/ical/office%40example.com/${SECRET}/basic.ics?key=${SECRET}`,
      DATA_DIR: dataDir,
    });
    token = (await t.login()).access_token;
    port = await freePort();
    await t.app.listen({ port, host: '127.0.0.1' });
    hub = new signalR.HubConnectionBuilder()
      .withUrl(`http://127.0.0.1:${port}/hubs/sync`, { accessTokenFactory: () => token })
      .configureLogging(signalR.LogLevel.None)
      .build();
    for (const event of HUB_EVENTS) hub.on(event, (...args: unknown[]) => heard.push({ event, args }));
    await hub.start();
    await hub.invoke('JoinSyncGroup');
  });
  afterAll(async () => {
    await hub.stop();
    await t.close();
    await new Promise((resolve) => calendar.close(resolve));
  });

  const answers = async () => {
    const urls = [
      '/api/sync/status',
      '/api/sync/history',
      '/api/sync/history?page=1&pageSize=50',
      '/api/notifications',
    ];
    return Promise.all(urls.map(async (url) => (await t.app.inject({ url, headers: bearer(token) })).body));
  };
  const execute = async () =>
    (await t.app.inject({ method: 'POST', url: '/api/sync/execute', headers: bearer(token), payload: MARCH }))
      .body;
  const shown = (bodies: string[]) => [...bodies, JSON.stringify(heard)].join('\n');

  it('when the spreadsheet file cannot be read', async () => {
    const stale = heard.length;
    fs.writeFileSync(path.join(dataDir, 'leads.xlsx'), 'not a zip');
    const body = await execute();
    expect(JSON.parse(body)).toMatchObject({
      success: false,
      message: expect.stringContaining('The spreadsheet file leads.xlsx cannot be read'),
    });
    const seen = shown([body, ...(await answers())]) + JSON.stringify(heard.slice(stale));
    expect(seen).not.toContain(dataDir);
    expect(seen).not.toMatch(/\/tmp\//);
    fs.rmSync(path.join(dataDir, 'leads.xlsx'));
  });

  it('on a run that succeeds and one whose calendar is broken or gone', async () => {
    const bodies = [await execute()];
    serveBroken = true;
    bodies.push(await execute());
    calendar.closeAllConnections();
    await new Promise((resolve) => calendar.close(resolve)); // now unreachable
    bodies.push(await execute());
    bodies.push(...(await answers()));
    await new Promise((resolve) => setTimeout(resolve, 200)); // the hub's last messages

    const seen = shown(bodies);
    expect(seen).toContain('ICS calendar at 127.0.0.1:'); // the runs were described, by host
    expect(heard.length).toBeGreaterThan(5);
    expect(seen).not.toContain(SECRET);
    expect(seen).not.toContain('office%40example.com');
    expect(seen).not.toContain(dataDir);
    expect(seen).not.toMatch(/\/tmp\//);
  });
});
