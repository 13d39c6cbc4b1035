import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../freePort';

export interface RadicaleServer {
  /** The server's root, `http://127.0.0.1:<port>/`. */
  url: string;
  username: string;
  password: string;
  /** The test user's own collection: the account URL a CalDAV client starts from. */
  accountUrl: string;
  /** MKCALENDAR under the account; answers the calendar's URL. */
  createCalendar: (slug: string, displayName: string) => Promise<string>;
  /** PUT one calendar object (one event or one series with its overrides). */
  putEvent: (calendarUrl: string, name: string, ics: string) => Promise<{ status: number; body: string }>;
  /** PUT a whole VCALENDAR onto a collection: Radicale splits it into one object per UID. */
  putCalendar: (calendarUrl: string, ics: string) => Promise<void>;
  stop: () => Promise<void>;
}

const RADICALE = process.env.RADICALE_BIN ?? 'radicale';

async function waitUntilListening(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Radicale exited (${child.exitCode}):\n${log()}`);
    try {
      await fetch(url, { method: 'OPTIONS' });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`Radicale did not listen on ${url} within 20 s:\n${log()}`);
}

/**
 * Debian's Radicale (a real CalDAV server) on a free port, with its own temp storage and
 * one user (htpasswd, plain), stopped and wiped by stop(). `maxContentLength`: the largest
 * request body it takes (its `max_content_length`; a larger one is refused with 413).
 */
export async function startRadicale({
  maxContentLength,
}: { maxContentLength?: number } = {}): Promise<RadicaleServer> {
  // Radicale fsyncs every stored event, which is a no-op in memory: a 10,000-event upload
  // takes seconds on tmpfs and minutes on disk
  const base = fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
  const dir = fs.mkdtempSync(path.join(base, 'auditdesk-radicale-'));
  const port = await freePort();
  const username = 'auditor';
  const password = 'radicale-test-password';
  fs.writeFileSync(path.join(dir, 'users'), `${username}:${password}\n`);
  fs.writeFileSync(
    path.join(dir, 'config'),
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      ...(maxContentLength ? [`max_content_length = ${maxContentLength}`] : []),
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${path.join(dir, 'users')}`,
      'htpasswd_encryption = plain',
      'delay = 0',
      '[rights]',
      'type = owner_only',
      '[storage]',
      `filesystem_folder = ${path.join(dir, 'collections')}`,
      '[web]',
      'type = none',
      '[logging]',
      'level = warning',
      '',
    ].join('\n'),
  );
  const child = spawn(RADICALE, ['--config', path.join(dir, 'config')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const spawnFailed = new Promise<never>((_, reject) =>
    child.once('error', (error) =>
      reject(new Error(`Radicale could not be started (${RADICALE}): ${error.message}`)),
    ),
  );
  const url = `http://127.0.0.1:${port}/`;
  await Promise.race([waitUntilListening(url, child, () => log), spawnFailed]);

  const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const accountUrl = `${url}${username}/`;
  const request = async (method: string, target: string, body: string, contentType: string) => {
    const response = await fetch(target, {
      method,
      headers: { authorization, 'content-type': contentType },
      body,
    });
    return { status: response.status, body: await response.text() };
  };

  return {
    url,
    username,
    password,
    accountUrl,
    async createCalendar(slug, displayName) {
      const calendarUrl = `${accountUrl}${encodeURIComponent(slug)}/`;
      const escaped = displayName.replace(/&/g, '&amp;').replace(/</g, '&lt;');
      const answer = await request(
        'MKCALENDAR',
        calendarUrl,
        `<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:set><D:prop>
    <D:displayname>${escaped}</D:displayname>
    <C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set>
  </D:prop></D:set>
</C:mkcalendar>`,
        'application/xml; charset=utf-8',
      );
      if (answer.status !== 201)
        throw new Error(`MKCALENDAR ${calendarUrl}: ${answer.status} ${answer.body}`);
      return calendarUrl;
    },
    putEvent: (calendarUrl, name, ics) =>
      request('PUT', `${calendarUrl}${encodeURIComponent(name)}`, ics, 'text/calendar; charset=utf-8'),
    async putCalendar(calendarUrl, ics) {
      const answer = await request('PUT', calendarUrl, ics, 'text/calendar; charset=utf-8');
      if (answer.status >= 300) throw new Error(`PUT ${calendarUrl}: ${answer.status} ${answer.body}`);
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
