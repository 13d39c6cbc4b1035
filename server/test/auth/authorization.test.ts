import { AUTHORIZATION_MATRIX } from './authorizationMatrix';
import { CALLERS, signInEveryRole, type Caller } from '../../testkit/roleSessions';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';
import { ENGINES } from '../../testkit/engines';

describe.each(ENGINES)('on %s', (engine) => {
  /** Routes that are not in the matrix on purpose: sign-in itself, tested on its own. */
  const SIGN_IN_ROUTES = [
    'POST /api/auth/login',
    'POST /api/auth/refresh',
    'POST /api/auth/set-password',
    'POST /api/auth/forgot-password',
    'GET /api/auth/google-login',
    'GET /api/auth/google-callback',
    'POST /api/auth/exchange',
  ];
  /** The API's own description: public on purpose, tested in openApi.test.ts. */
  const isDocumentation = (route: string) => / \/api\/(docs|openapi\.json)/.test(route);

  describe('authorization matrix', () => {
    let t: TestApp;
    let tokens: Record<Caller, string | null>;
    const registered: string[] = [];

    beforeAll(async () => {
      t = await createTestApp(
        {},
        {
          engine,
          beforeRoutes: (app) =>
            app.addHook('onRoute', (route) => {
              const methods = Array.isArray(route.method) ? route.method : [route.method];
              for (const method of methods) {
                if (method !== 'HEAD' && route.url.startsWith('/api')) {
                  registered.push(`${method} ${route.url.replace(/:(\w+)/g, '{$1}').replace(/\/$/, '')}`);
                }
              }
            }),
        },
      );
      tokens = await signInEveryRole(t);
    });
    afterAll(() => t.close());

    it('covers every API route the server has', () => {
      const covered = new Set([...AUTHORIZATION_MATRIX.map((rule) => rule.route), ...SIGN_IN_ROUTES]);
      const routes = new Set(registered.filter((route) => !isDocumentation(route)));
      expect([...routes].filter((route) => !covered.has(route))).toEqual([]);
      expect([...covered].filter((route) => !routes.has(route))).toEqual([]); // no stale lines either
    });

    const cases = AUTHORIZATION_MATRIX.flatMap((rule) =>
      CALLERS.map((caller) => [rule.route, caller, rule] as const),
    );

    it.each(cases)('%s as %s', async (_route, caller, rule) => {
      const token = tokens[caller];
      const request = await rule.request(t, caller);
      const response = await t.app.inject({
        ...request,
        headers: { ...request.headers, ...(token ? bearer(token) : {}) },
      });
      const expected =
        rule.allowed === 'anyone' || (caller !== 'anonymous' && rule.allowed.includes(caller))
          ? rule.ok
          : caller === 'anonymous'
            ? 401
            : 403;
      expect(
        `${response.statusCode} ${response.statusCode >= 400 ? response.json().detail : ''}`.trim(),
      ).toBe(
        expected >= 400
          ? `${expected} ${expected === 401 ? 'Authentication required.' : 'You do not have permission to do this.'}`
          : String(expected),
      );
    });
  });

  describe('authorization comes before validation', () => {
    let t: TestApp;
    let tokens: Record<Caller, string | null>;
    beforeAll(async () => {
      t = await createTestApp({}, { engine });
      tokens = await signInEveryRole(t);
    });
    afterAll(() => t.close());

    /** A request no route accepts: a malformed id in the path and a body of the wrong shape. */
    const garbled = (route: string) => {
      const [method, path] = route.split(' ') as [string, string];
      return {
        method: method as 'GET',
        url: path.replace('{id}', '0x10'),
        ...(method === 'GET' || method === 'DELETE'
          ? {}
          : { payload: { email: 12, name: ['x'], role: 'Emperor', unexpected: true } }),
      };
    };
    const refused = AUTHORIZATION_MATRIX.filter((rule) => rule.allowed !== 'anyone').flatMap((rule) =>
      CALLERS.filter(
        (caller) => caller === 'anonymous' || (rule.allowed !== 'anyone' && !rule.allowed.includes(caller)),
      ).map((caller) => [rule.route, caller] as const),
    );

    it.each(refused)('%s as %s answers 401/403, never the field errors', async (route, caller) => {
      const token = tokens[caller];
      const response = await t.app.inject({ ...garbled(route), headers: token ? bearer(token) : {} });
      expect(response.statusCode).toBe(caller === 'anonymous' ? 401 : 403);
      expect(response.json().errors).toBeUndefined();
    });
  });
});
