import http from 'node:http';
import { createCaldavCalendarSource } from '../../src/features/calendar/caldav/caldavCalendarSource';
import { freePort } from '../../testkit/freePort';
import { testClock } from '../../testkit/testClock';

interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
}

/** A bare HTTP server answering DAV requests with `answer`, recording what it was sent. */
async function davServer(
  answer: (req: http.IncomingMessage) => { status: number; headers?: Record<string, string>; body?: string },
) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen.push({ method: req.method ?? '', path: req.url ?? '', authorization: req.headers.authorization });
      const { status, headers = {}, body = '' } = answer(req);
      res.writeHead(status, { 'content-type': 'application/xml; charset=utf-8', ...headers }).end(body);
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const multistatus = (href: string, prop: string) =>
  `<?xml version="1.0"?><d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:response><d:href>${href}</d:href><d:propstat><d:prop>${prop}</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>`;

describe('CalDAV credentials stay with CALDAV_URL’s origin', () => {
  let elsewhere: Awaited<ReturnType<typeof davServer>>;
  beforeEach(async () => {
    elsewhere = await davServer(() => ({ status: 207, body: multistatus('/x/', '') }));
  });
  afterEach(() => elsewhere.close());

  const source = (origin: string, allowedOrigins: string[] = []) =>
    createCaldavCalendarSource({
      url: `${origin}/dav/`,
      username: 'office',
      password: 'secret-password',
      defaultZone: 'UTC',
      retry: { clock: testClock().clock },
      allowedOrigins,
    });
  const MARCH = { startDate: '2025-03-01', endDate: '2025-03-31' };

  it('refuses a principal on another server, which never hears of the credentials', async () => {
    const account = await davServer(() => ({
      status: 207,
      body: multistatus(
        '/dav/',
        `<d:current-user-principal><d:href>${elsewhere.origin}/principals/office/</d:href></d:current-user-principal>`,
      ),
    }));
    try {
      await expect(source(account.origin).events(MARCH)).rejects.toThrow(
        `The CalDAV server pointed the sync to ${elsewhere.origin}, another server than ${account.origin}.`,
      );
      expect(account.seen.length).toBeGreaterThan(0);
      expect(account.seen.every((request) => request.authorization?.startsWith('Basic '))).toBe(true);
      expect(elsewhere.seen).toEqual([]);
    } finally {
      await account.close();
    }
  });

  it('follows no redirect to another server, for discovery or any request', async () => {
    const account = await davServer((req) =>
      req.url?.startsWith('/.well-known/')
        ? { status: 404 }
        : { status: 307, headers: { location: `${elsewhere.origin}/dav/` } },
    );
    try {
      await expect(source(account.origin).events(MARCH)).rejects.toThrow(
        `The CalDAV server pointed the sync to ${elsewhere.origin}`,
      );
      expect(elsewhere.seen).toEqual([]);
    } finally {
      await account.close();
    }
  });

  it('sends them to an origin named in CALDAV_ALLOWED_ORIGINS', async () => {
    const account = await davServer(() => ({
      status: 207,
      body: multistatus(
        '/dav/',
        `<d:current-user-principal><d:href>${elsewhere.origin}/principals/office/</d:href></d:current-user-principal>`,
      ),
    }));
    try {
      await source(account.origin, [elsewhere.origin])
        .events(MARCH)
        .catch(() => undefined);
      expect(elsewhere.seen.length).toBeGreaterThan(0);
      expect(elsewhere.seen[0]!.authorization).toMatch(/^Basic /);
    } finally {
      await account.close();
    }
  });
});
