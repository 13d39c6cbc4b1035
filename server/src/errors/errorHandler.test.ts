import { createTestApp, type TestApp } from '../../test/testApp';

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
    const { buildApp } = await import('../app');
    const app = await buildApp({ config: t.config, db: t.db });
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
