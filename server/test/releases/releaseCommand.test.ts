import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fakeRemoteBuild, fakeWebRoot } from '../../testkit/builders/releaseBuilds';
import { eventually } from '../../testkit/eventually';
import { ADMIN, createTestApp, type TestApp } from '../../testkit/testApp';

const ROOT = path.resolve(__dirname, '../../..');

describe('pnpm release', () => {
  let t: TestApp;
  let webRoot: string;
  beforeEach(async () => {
    webRoot = fakeWebRoot();
    t = await createTestApp({ WEB_ROOT: webRoot }, { engine: 'sqlite' });
  });
  afterEach(async () => {
    await t.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  /** The command as an operator runs it, with the server's settings. */
  const run = (...args: string[]) =>
    spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/src/cli/releaseCommand.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'development', DATA_DIR: t.dataDir, WEB_ROOT: webRoot },
      encoding: 'utf8',
      timeout: 30_000,
    });
  const remotesJson = async () =>
    (await t.app.inject({ url: '/remotes.json' })).json() as Record<string, string>;

  it('publishes, promotes, lists and rolls back, and the server follows with no restart', async () => {
    const published = run('leads', '--dist', fakeRemoteBuild(), '--notes', 'From the test');
    expect([published.status, published.stderr]).toEqual([0, '']);
    expect(published.stdout).toContain(
      'Published remote_leads 0.1.0-1 (/releases/leads/0.1.0-1/mf-manifest.json). It is not live yet: pnpm release promote leads 0.1.0-1',
    );
    expect(run('promote', 'leads', '0.1.0-1').stdout).toBe('Leads: 0.1.0-1 is live.\n');
    // the server's brief cache: within its time, without Redis
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    expect((await remotesJson()).remote_leads).toBe('/releases/leads/0.1.0-1/mf-manifest.json');
    expect(run('list').stdout).toMatch(
      /Leads \(remote_leads\): live 0.1.0-1\n {2}0.1.0-1 watched until \S+\n {2}\* 0.1.0-1/,
    );
    expect(run('rollback', 'remote-leads').stdout).toBe('Leads: the built-in build is live.\n');
  }, 60_000);

  it('refuses an incompatible release with each problem, and a wrong call with its usage', () => {
    run('leads', '--dist', fakeRemoteBuild({ sharedVersion: '0.2.0' }));
    const refused = run('promote', 'leads', '0.1.0-1');
    expect([refused.status, refused.stderr]).toEqual([
      1,
      'Refused:\n  - It needs @auditdesk/shared 0.2.0; the live host provides 0.1.0.\n',
    ]);
    const wrong = run('promote', 'nowhere', '0.1.0-1');
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('usage:');
  }, 60_000);

  it('stages a release for a role and aborts the stage, and refuses a stage with two audiences', () => {
    run('leads', '--dist', fakeRemoteBuild());
    const staged = run('stage', 'leads', '0.1.0-1', '--role', 'Admin');
    expect([staged.status, staged.stderr]).toEqual([0, '']);
    expect(staged.stdout).toMatch(
      /^Leads: the built-in build is live\.\n {2}staged 0\.1\.0-1 for Admins \(1 person\) since \S+, by command line \(\S+\); advance: Managers and Admins\n$/,
    );
    expect(run('abort', 'remote_leads').stdout).toBe(
      'Leads: the built-in build is live.\n  no stage: everyone gets the live release.\n',
    );
    const both = run('stage', 'leads', '0.1.0-1', '--role', 'Admin', '--share', '10');
    expect([both.status, both.stderr.split('\n')[0]]).toEqual([
      2,
      'Give exactly one of --role, --share or --users.',
    ]);
  }, 90_000);

  it('stages for a share of people and for named people, and advances each to the next step, the last to everyone', async () => {
    // each run is a process of its own (3–5 s here): this is the command as operators run it
    run('leads', '--dist', fakeRemoteBuild(), '--notes', 'Staged from the test');
    const share = run('stage', 'leads', '0.1.0-1', '--share', '10%');
    expect([share.status, share.stderr]).toEqual([0, '']);
    expect(share.stdout).toMatch(
      /\n {2}staged 0\.1\.0-1 for 10 % of people \(\d+ people?\) since \S+, by command line \(\S+\); advance: 25 % of people\n$/,
    );
    const advanced = run('advance', 'leads');
    expect([advanced.status, advanced.stderr]).toEqual([0, '']);
    expect(advanced.stdout).toMatch(
      /^Leads: the built-in build is live\.\n {2}staged 0\.1\.0-1 for 25 % of people .*; advance: 50 % of people\n$/,
    );

    const unknown = run('stage', 'leads', '0.1.0-1', '--users', `${ADMIN.email},nobody@example.com`);
    expect([unknown.status, unknown.stderr]).toEqual([
      1,
      'No account with access has the e-mail nobody@example.com.\n',
    ]);
    // staging the staged release again gives it another audience: the admin alone
    const named = run('stage', 'leads', '0.1.0-1', '--users', ADMIN.email);
    expect([named.status, named.stderr]).toEqual([0, '']);
    expect(named.stdout).toMatch(
      /\n {2}staged 0\.1\.0-1 for 1 person \(1 person\) since .*; advance: everyone\n$/,
    );
    // the server follows without Redis within its brief cache: the admin is given the release
    const { access_token: token } = (await t.login()) as { access_token: string };
    const staged = '/releases/leads/0.1.0-1/mf-manifest.json';
    const answer = (authorization?: string) =>
      t.app.inject({ url: '/remotes.json', headers: authorization ? { authorization } : {} });
    await eventually(async () => expect((await answer(`Bearer ${token}`)).json().remote_leads).toBe(staged), {
      attempts: 60,
    });
    expect((await answer()).json().remote_leads).not.toBe(staged); // not live: anonymous pages

    const everyone = run('advance', 'remote-leads');
    expect([everyone.status, everyone.stderr]).toEqual([0, '']);
    // to everyone is a promotion: live, and watched a while
    expect(everyone.stdout).toMatch(/^Leads: 0\.1\.0-1 is live\.\n {2}0\.1\.0-1 watched until \S+\n$/);
    await eventually(async () => expect((await answer()).json().remote_leads).toBe(staged), { attempts: 60 });
  }, 90_000);
});
