import { routes } from '@auditdesk/shared/core';
import { validate } from '@readme/openapi-parser';
import { createTestApp, type TestApp } from '../../testkit/testApp';

/** The routes that describe the API itself. */
const META = ['/api/openapi.json', '/api/docs'];

describe('the OpenAPI document', () => {
  let t: TestApp;
  const registered: string[] = [];
  let document: {
    openapi: string;
    paths: Record<
      string,
      Record<string, { security?: unknown; description?: string; responses: Record<string, unknown> }>
    >;
  };

  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        beforeRoutes: (app) =>
          app.addHook('onRoute', (route) => {
            const methods = Array.isArray(route.method) ? route.method : [route.method];
            for (const method of methods)
              if (
                method !== 'HEAD' &&
                route.url.startsWith('/api/') &&
                !META.some((meta) => route.url.startsWith(meta))
              )
                registered.push(
                  `${method.toLowerCase()} ${route.url.replace(/:(\w+)/g, '{$1}').replace(/\/$/, '')}`,
                );
          }),
      },
    );
    const response = await t.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(() => t.close());

  it('is valid OpenAPI 3.1', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it('describes every route of the API, and nothing else', () => {
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method} ${path.replace(/\/$/, '')}`),
    );
    expect([...new Set(registered)].sort()).toEqual([...new Set(documented)].sort());
  });

  it('has no /api route outside the route table, and every operation of the table is served', () => {
    const table = Object.values(routes).map(
      (operation) => `${operation.method.toLowerCase()} /api${operation.path.replace(/:(\w+)/g, '{$1}')}`,
    );
    expect([...new Set(registered)].sort()).toEqual([...table].sort());
  });

  it('says who may call each route and how it fails', () => {
    const revoke = document.paths['/api/useraccess/revoke']!.post!;
    expect(revoke.security).toEqual([{ bearer: [] }]);
    expect(revoke.description).toContain('Roles: Admin.');
    expect(Object.keys(revoke.responses)).toEqual(
      expect.arrayContaining(['200', '401', '403', '4XX', '500']),
    );
    const login = document.paths['/api/auth/login']!.post!;
    expect(login.security).toBeUndefined();
    expect(document.paths['/api/leads/{id}']!.patch!.description).toContain('Roles: Admin, Manager.');
  });

  it('serves a readable reference page', async () => {
    const page = await t.app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});
