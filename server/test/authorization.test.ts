import { AUTHORIZATION_MATRIX } from './authorizationMatrix';
import { CALLERS, signInEveryRole, type Caller } from './roleSessions';
import { bearer, createTestApp, type TestApp } from './testApp';

/** Routes that are not in the matrix on purpose: sign-in itself, tested on its own. */
const SIGN_IN_ROUTES = [
  'POST /api/auth/login',
  'POST /api/auth/refresh',
  'POST /api/auth/set-password',
  'GET /api/auth/google-login',
  'GET /api/auth/google-callback',
];

describe('authorization matrix', () => {
  let t: TestApp;
  let tokens: Record<Caller, string | null>;
  const registered: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({}, (app) =>
      app.addHook('onRoute', (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) {
          if (method !== 'HEAD' && route.url.startsWith('/api')) {
            registered.push(`${method} ${route.url.replace(/:(\w+)/g, '{$1}').replace(/\/$/, '')}`);
          }
        }
      }),
    );
    tokens = await signInEveryRole(t);
  });
  afterAll(() => t.close());

  it('covers every API route the server has', () => {
    const covered = new Set([...AUTHORIZATION_MATRIX.map((rule) => rule.route), ...SIGN_IN_ROUTES]);
    const routes = new Set(registered);
    expect([...routes].filter((route) => !covered.has(route))).toEqual([]);
    expect([...covered].filter((route) => !routes.has(route))).toEqual([]); // no stale lines either
  });

  const cases = AUTHORIZATION_MATRIX.flatMap((rule) =>
    CALLERS.map((caller) => [rule.route, caller, rule] as const),
  );

  it.each(cases)('%s as %s', async (_route, caller, rule) => {
    const token = tokens[caller];
    const response = await t.app.inject({ ...rule.request(t), headers: token ? bearer(token) : {} });
    const expected =
      rule.allowed === 'anyone' || (caller !== 'anonymous' && rule.allowed.includes(caller))
        ? rule.ok
        : caller === 'anonymous'
          ? 401
          : 403;
    expect(`${response.statusCode} ${response.statusCode >= 400 ? response.json().detail : ''}`.trim()).toBe(
      expected >= 400
        ? `${expected} ${expected === 401 ? 'Authentication required.' : 'You do not have permission to do this.'}`
        : String(expected),
    );
  });
});
