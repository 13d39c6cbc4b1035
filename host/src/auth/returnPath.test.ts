import { landingAfterSignIn, safeReturnPath } from './returnPath';

const ORIGIN = 'https://office.example.com';
const back = (candidate: unknown) => safeReturnPath(candidate, ORIGIN);

describe('safeReturnPath: where a sign-in may send the person back', () => {
  it('keeps a place of this app whole: path, query and hash', () => {
    expect(back('/leads?f.status=%3DScheduled&sort=-scheduledDate&view=1')).toBe(
      '/leads?f.status=%3DScheduled&sort=-scheduledDate&view=1',
    );
    expect(back('/scheduling/agenda#today')).toBe('/scheduling/agenda#today');
    expect(back(`${'/leads?q='}${'x'.repeat(3000)}`)).toMatch(/^\/leads\?q=x+$/);
  });

  it.each([
    ['a protocol-relative address', '//evil.example/leads'],
    ['a backslash the browser reads as a slash', '/\\evil.example'],
    ['backslashes both ways', '\\/evil.example'],
    ['a tab the URL parser drops', '/\t/evil.example'],
    ['a newline the URL parser drops', '/\n/evil.example'],
    ['an absolute address', 'https://evil.example/leads'],
    ['an absolute address of this origin without the leading slash', `${ORIGIN}/leads`],
    ['a scheme', 'javascript:alert(1)'],
    ['a relative path', 'leads'],
    ['a path that collapses to two slashes', '/.//evil.example'],
    ['a path that climbs to two slashes', '/a/..//evil.example'],
    ['user info before a host', '//user@evil.example'],
    ['not text', { pathname: '/leads' }],
    ['nothing', undefined],
  ])('refuses %s', (_what, candidate) => {
    expect(back(candidate)).toBeNull();
  });

  it('keeps an encoded slash or backslash encoded: a path of this app, never a host', () => {
    // what a `next=%2F%2Fevil.example` decodes to is refused above; one more layer stays a path
    expect(back('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
    expect(back('/%5Cevil.example')).toBe('/%5Cevil.example');
  });

  it('never sends the person back to a sign-in page (it would go round in circles)', () => {
    expect(back('/login?error=access_denied')).toBeNull();
    expect(back('/auth/callback?code=x')).toBeNull();
    expect(back('/set-password?token=t')).toBeNull();
  });

  it('lands on the home page when there is nowhere (safe) to go back to', () => {
    expect(landingAfterSignIn('//evil.example')).toBe('/scheduling');
    expect(landingAfterSignIn(undefined)).toBe('/scheduling');
    expect(landingAfterSignIn('/leads?view=2')).toBe('/leads?view=2');
  });
});
