import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../testkit/testApp';

const ROOT = path.resolve(__dirname, '../../..');

describe('pnpm users reset-password', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://auditdesk.example.com' }, { engine: 'sqlite' });
    await t.users.create({ email: 'owner@example.com', fullName: 'The Owner', role: 'Admin' });
  });
  afterEach(() => t.close());

  /** The command as an operator runs it, with the server's settings. */
  const run = (...args: string[]) =>
    spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/src/cli/usersCommand.ts', ...args], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATA_DIR: t.dataDir,
        PUBLIC_URL: 'https://auditdesk.example.com',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });

  it('prints a fresh link that sets the password once', async () => {
    const result = run('reset-password', 'OWNER@example.com');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const url = /https:\/\/auditdesk\.example\.com\/set-password\?token=[\w-]+/.exec(result.stdout)?.[0];
    expect(url).toBeDefined();
    const token = new URL(url!).searchParams.get('token');
    const set = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/set-password', payload: { token, password } });
    expect((await set('the-owners-new-password')).statusCode).toBe(204);
    expect((await set('the-owners-new-password')).statusCode).toBe(400);
    expect((await t.login('owner@example.com', 'the-owners-new-password')).access_token).toBeTruthy();
  });

  it('says so for an unknown e-mail, and shows its usage', () => {
    const unknown = run('reset-password', 'nobody@example.com');
    expect([unknown.status, unknown.stderr.trim()]).toEqual([
      1,
      'No account has the e-mail nobody@example.com.',
    ]);
    const usage = run('reset');
    expect([usage.status, usage.stderr.trim()]).toEqual([2, 'usage: pnpm users reset-password <email>']);
  });
});
