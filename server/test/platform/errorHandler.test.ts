import net from 'node:net';
import { freePort } from '../../testkit/freePort';
import { createTestApp, type TestApp } from '../../testkit/testApp';

describe('problem details', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers unknown API paths with a 404 problem', async () => {
    const response = await t.app.inject({ url: '/api/nothing-here?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toEqual({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'No route for GET /api/nothing-here.',
    });
  });

  it('answers malformed JSON with a 400 problem, not a crash', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, title: 'Bad Request' });
  });

  it('GET /api/health reports the database', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });
});

describe('server errors', () => {
  it('log the failure and tell the caller nothing of the inside', async () => {
    const t = await createTestApp();
    // a route of our own that fails, registered on a fresh app before it is ready
    const { buildApp } = await import('../../src/app');
    const { app } = await buildApp({ config: t.config, db: t.db });
    app.get('/api/explode', async () => {
      throw new Error('secret database path /var/lib/x');
    });
    const response = await app.inject({ url: '/api/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      type: 'about:blank',
      title: 'Internal Server Error',
      status: 500,
      detail: 'An unexpected error occurred. It has been logged.',
    });
    expect(response.body).not.toContain('secret');
    await app.close();
    await t.close();
  });
});

describe('errors met before any route', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    port = await freePort();
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it.each([
    [
      'an over-long path parameter',
      `/api/leads/${'1'.repeat(200)}`,
      414,
      'A part of the address is too long.',
    ],
    ['a malformed address', '/api/leads/%%', 400, 'The address of the request is not valid.'],
  ])('answers %s with problem details', async (_what, url, status, detail) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toEqual({ type: 'about:blank', title: expect.any(String), status, detail });
  });

  it('answers headers too large (431) with problem details on the raw socket', async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    expect(raw).toContain('Content-Type: application/problem+json');
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
      type: 'about:blank',
      title: 'Request Header Fields Too Large',
      status: 431,
      detail: 'The request headers are too large.',
    });
  });
});
