import fs from 'node:fs';
import { ENGINES } from '../../testkit/engines';
import { signInEveryRole, type Caller } from '../../testkit/roleSessions';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';
import { sharePlace } from '../../src/features/releases/stages/audience';
import { releasePreviews } from '../../src/platform/db/schema';
import { eventually } from '../../testkit/eventually';
import {
  fakeRemoteBuild,
  fakeWebRoot,
  releasesOf,
  type FakeBuildOptions,
} from '../../testkit/builders/releaseBuilds';

const TAB = 'a'.repeat(32);
const url = (version: string) => `/releases/leads/${version}/mf-manifest.json`;
const BUILT_IN = '/remotes/leads/mf-manifest.json';

describe.each(ENGINES)('release stages on %s', (engine) => {
  let t: TestApp;
  let webRoot: string;
  let tokens: Record<Caller, string | null>;

  async function start(env: Record<string, string> = {}) {
    webRoot = fakeWebRoot();
    t = await createTestApp(
      // the watch judges from 3 page loads: each test reports only a few
      { WEB_ROOT: webRoot, RELEASE_WATCH_MIN_LOADS: '3', ...env },
      { engine },
    );
    tokens = await signInEveryRole(t);
  }
  afterEach(async () => {
    await t.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  const publish = (notes = '', build: FakeBuildOptions = {}) =>
    releasesOf(t).publish({
      remote: 'remote_leads',
      packageVersion: '0.1.0',
      buildDir: fakeRemoteBuild(build),
      commit: 'abc123',
      builtAt: '2026-11-26T08:00:00.000Z',
      notes,
    });
  const call = (caller: Caller, method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) =>
    t.app.inject({
      method,
      url: path,
      headers: tokens[caller] ? bearer(tokens[caller]) : {},
      ...(payload ? { payload } : {}),
    });
  const admin = (path: string, payload?: object) =>
    call('Admin', 'POST', `/api/releases/remote_leads/${path}`, payload);
  /** What /remotes.json gives a caller (and a tab) for remote_leads. */
  const leadsFor = async (caller: Caller, tab?: string) =>
    (
      await t.app.inject({
        url: '/remotes.json',
        headers: {
          ...(tokens[caller] ? bearer(tokens[caller]) : {}),
          ...(tab ? { 'x-auditdesk-tab': tab } : {}),
        },
      })
    ).json().remote_leads as string;
  const everyone = async () =>
    Object.fromEntries(
      await Promise.all(
        (['anonymous', 'User', 'Manager', 'Admin'] as const).map(async (caller) => [
          caller,
          await leadsFor(caller),
        ]),
      ),
    );
  const overview = async () =>
    (await call('Admin', 'GET', '/api/releases'))
      .json()
      .remotes.find((entry: { remote: string }) => entry.remote === 'remote_leads');
  const bell = async () => (await call('Admin', 'GET', '/api/notifications')).json().items;
  const report = (caller: Caller, kind: 'page-loads' | 'load-errors', body: object) =>
    call(caller, 'POST', `/api/releases/${kind}`, { remote: 'remote_leads', ...body });

  /** v1 live, v2 published with notes. */
  async function liveAndNext() {
    await publish('The first');
    expect((await admin('promote', { version: '0.1.0-1' })).statusCode).toBe(200);
    await publish('A bigger heading');
  }

  it('gives a stage for Admins to Admins only, then Managers, then everyone as a promotion; each person their own', async () => {
    await start();
    await liveAndNext();
    const staged = await admin('stage', { version: '0.1.0-2', audience: { kind: 'role', role: 'Admin' } });
    expect(staged.statusCode).toBe(200);
    expect(staged.json().stage).toMatchObject({
      version: '0.1.0-2',
      audience: { kind: 'role', role: 'Admin' },
      description: 'Admins',
      people: 1,
      by: 'admin@example.com',
      next: 'Managers and Admins',
    });
    expect(await everyone()).toEqual({
      anonymous: url('0.1.0-1'),
      User: url('0.1.0-1'),
      Manager: url('0.1.0-1'),
      Admin: url('0.1.0-2'),
    });
    // the host's banner reads each person's own release with its notes
    const mine = (caller: Caller) =>
      call(caller, 'GET', '/api/releases/mine').then((answer) =>
        answer.json().remotes.find((entry: { remote: string }) => entry.remote === 'remote_leads'),
      );
    expect(await mine('Admin')).toEqual({
      remote: 'remote_leads',
      version: '0.1.0-2',
      url: url('0.1.0-2'),
      notes: 'A bigger heading',
      previewUntil: null,
    });
    expect(await mine('User')).toMatchObject({ version: '0.1.0-1', notes: 'The first' });
    expect((await bell())[0]).toMatchObject({
      kind: 'release-staged',
      title: 'Leads 0.1.0-2 staged for Admins',
      message:
        'admin@example.com staged remote_leads 0.1.0-2 for Admins (1 person now); the others stay on 0.1.0-1.',
    });

    // a promotion of the staged release is refused: it goes on through its stage
    expect((await admin('promote', { version: '0.1.0-2' })).statusCode).toBe(409);
    expect((await admin('advance')).json().stage).toMatchObject({
      description: 'Managers and Admins',
      people: 2,
    });
    expect(await everyone()).toMatchObject({ User: url('0.1.0-1'), Manager: url('0.1.0-2') });
    const promoted = await admin('advance');
    expect(promoted.json()).toMatchObject({ stage: null, live: { version: '0.1.0-2' } });
    expect(promoted.json().watch).toMatchObject({ version: '0.1.0-2' });
    expect(await everyone()).toEqual({
      anonymous: url('0.1.0-2'),
      User: url('0.1.0-2'),
      Manager: url('0.1.0-2'),
      Admin: url('0.1.0-2'),
    });
    expect(
      promoted
        .json()
        .changes.map((change: Record<string, unknown>) => [
          change.action,
          change.fromVersion,
          change.toVersion,
          change.audience,
        ]),
    ).toEqual([
      ['promote', '0.1.0-1', '0.1.0-2', 'everyone'],
      ['advance', '0.1.0-2', '0.1.0-2', 'Managers and Admins'],
      ['stage', null, '0.1.0-2', 'Admins'],
      ['promote', null, '0.1.0-1', null],
    ]);
    expect((await admin('advance')).statusCode).toBe(409);
  });

  it('gives named people and a share theirs; refuses an unknown e-mail, a second release, a live one; abort brings everyone back', async () => {
    await start();
    await liveAndNext();
    const unknown = await admin('stage', {
      version: '0.1.0-2',
      audience: { kind: 'users', users: ['nobody@example.com'] },
    });
    expect([unknown.statusCode, unknown.json().detail]).toEqual([
      400,
      'No account with access has the e-mail nobody@example.com.',
    ]);
    expect(
      (await admin('stage', { version: '0.1.0-1', audience: { kind: 'share', share: 10 } })).statusCode,
    ).toBe(409);
    const named = await admin('stage', {
      version: '0.1.0-2',
      audience: { kind: 'users', users: ['USER@example.com'] },
    });
    expect(named.json().stage).toMatchObject({
      audience: { kind: 'users', users: ['user@example.com'] },
      description: '1 person',
      next: 'everyone',
    });
    expect(await everyone()).toMatchObject({
      User: url('0.1.0-2'),
      Manager: url('0.1.0-1'),
      Admin: url('0.1.0-1'),
    });

    // another audience for the staged release; another release must wait
    await publish('Third');
    const other = await admin('stage', { version: '0.1.0-3', audience: { kind: 'role', role: 'Admin' } });
    expect([other.statusCode, other.json().detail]).toEqual([
      409,
      'remote_leads has 0.1.0-2 staged for 1 person: advance it to everyone or abort it before staging another release.',
    ]);
    const share = (
      await admin('stage', { version: '0.1.0-2', audience: { kind: 'share', share: 50 } })
    ).json();
    // a stable hash of each id: the same people every time, and a larger share keeps them
    const ids = { User: 2, Manager: 3, Admin: 1 } as const;
    const inShare = (caller: keyof typeof ids, percent: number) =>
      sharePlace('remote_leads', '0.1.0-2', ids[caller]) < percent ? url('0.1.0-2') : url('0.1.0-1');
    expect(share.stage).toMatchObject({ description: '50 % of people', next: 'everyone' });
    expect(await everyone()).toEqual({
      anonymous: url('0.1.0-1'),
      User: inShare('User', 50),
      Manager: inShare('Manager', 50),
      Admin: inShare('Admin', 50),
    });

    const aborted = await admin('abort');
    expect(aborted.json()).toMatchObject({ stage: null, live: { version: '0.1.0-1' } });
    expect(aborted.json().changes[0]).toMatchObject({
      action: 'abort',
      fromVersion: '0.1.0-2',
      toVersion: '0.1.0-1',
      reason: null,
      by: 'admin@example.com',
    });
    expect(Object.values(await everyone())).toEqual(Array(4).fill(url('0.1.0-1')));
    expect((await bell())[0]).toMatchObject({
      kind: 'release-aborted',
      title: 'Leads stage of 0.1.0-2 aborted',
    });
    expect((await admin('abort')).statusCode).toBe(409);
    expect((await call('Manager', 'POST', '/api/releases/remote_leads/abort')).statusCode).toBe(403);
  });

  it('keeps answering a tab the release it loaded until it loads a new page', async () => {
    await start();
    await liveAndNext();
    await admin('stage', { version: '0.1.0-2', audience: { kind: 'role', role: 'Admin' } });
    // the Admin's tab loads the staged release; the stage then ends
    expect(await leadsFor('Admin', TAB)).toBe(url('0.1.0-2'));
    expect((await report('Admin', 'page-loads', { version: '0.1.0-2', tab: TAB })).statusCode).toBe(204);
    await admin('abort');
    expect(await leadsFor('Admin', TAB)).toBe(url('0.1.0-2'));
    // a new page (a new tab id, or none) gets what the person gets now
    expect(await leadsFor('Admin', 'b'.repeat(32))).toBe(url('0.1.0-1'));
    expect(await leadsFor('Admin')).toBe(url('0.1.0-1'));
    // a tab that loaded the built-in build keeps it too; a tab id that is not one is ignored
    await report('User', 'page-loads', { version: null, tab: 'c'.repeat(32) });
    expect(await leadsFor('User', 'c'.repeat(32))).toBe(BUILT_IN);
    expect(await leadsFor('User', 'not a tab')).toBe(url('0.1.0-1'));
    expect((await report('User', 'page-loads', { version: null, tab: 'nope' })).statusCode).toBe(400);
  });

  it('previews a release for the Admin alone, until they leave it or it runs out', async () => {
    await start({ RELEASE_PREVIEW_MINUTES: '1' });
    await liveAndNext();
    const started = await admin('preview', { version: '0.1.0-2' });
    expect(started.statusCode).toBe(200);
    const until = Date.parse(started.json().until);
    expect(until - Date.now()).toBeGreaterThan(50_000);
    expect(until - Date.now()).toBeLessThanOrEqual(60_000);
    expect(await everyone()).toMatchObject({
      anonymous: url('0.1.0-1'),
      User: url('0.1.0-1'),
      Admin: url('0.1.0-2'),
    });
    const mine = (await call('Admin', 'GET', '/api/releases/mine')).json().remotes[1];
    expect(mine).toMatchObject({
      remote: 'remote_leads',
      version: '0.1.0-2',
      previewUntil: started.json().until,
    });
    expect((await overview()).previews).toEqual([
      { email: 'admin@example.com', version: '0.1.0-2', until: started.json().until },
    ]);
    expect(
      (await call('User', 'POST', '/api/releases/remote_leads/preview', { version: '0.1.0-2' })).statusCode,
    ).toBe(403);
    // a preview outranks a stage, and the person's stage comes back after it
    await admin('stage', { version: '0.1.0-2', audience: { kind: 'role', role: 'Admin' } });
    await admin('preview', { version: '0.1.0-1' });
    expect(await leadsFor('Admin')).toBe(url('0.1.0-1'));
    expect((await call('Admin', 'DELETE', '/api/releases/remote_leads/preview')).statusCode).toBe(204);
    expect(await leadsFor('Admin')).toBe(url('0.1.0-2'));
    expect((await call('Admin', 'DELETE', '/api/releases/remote_leads/preview')).statusCode).toBe(404);

    // a preview that runs out is over, whatever the instance keeps in memory (5 s)
    await admin('preview', { version: '0.1.0-1' });
    const runsOut = Date.now() + 1000;
    await t.db.orm
      .update(releasePreviews)
      .set({ expiresAt: new Date(runsOut).toISOString() })
      .run();
    // any change: the instance reads the state (with the preview) again
    await admin('stage', { version: '0.1.0-2', audience: { kind: 'role', role: 'Admin' } });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, runsOut - Date.now()) + 50));
    expect(await leadsFor('Admin')).toBe(url('0.1.0-2'));
    expect((await call('Admin', 'DELETE', '/api/releases/remote_leads/preview')).statusCode).toBe(404);

    // one that does not fit the live host is refused like a promotion
    await publish('Too new', { sharedVersion: '0.2.0' });
    const refused = await admin('preview', { version: '0.1.0-3' });
    expect([refused.statusCode, refused.json().problems]).toEqual([
      409,
      ['It needs @auditdesk/shared 0.2.0; the live host provides 0.1.0.'],
    ]);
  });

  it('aborts by itself a stage whose loads fail, with the numbers in the bell and the history; the others never see it', async () => {
    await start();
    await liveAndNext();
    await admin('stage', { version: '0.1.0-2', audience: { kind: 'role', role: 'Admin' } });
    // the live release loads well for the others meanwhile; a crash on its page counts as an error
    for (let index = 0; index < 4; index += 1) await report('User', 'page-loads', { version: '0.1.0-1' });
    await report('User', 'load-errors', { version: '0.1.0-1', phase: 'render', error: 'x', route: '/leads' });
    await report('Admin', 'page-loads', { version: '0.1.0-2' });
    await report('Admin', 'load-errors', {
      version: '0.1.0-2',
      phase: 'render',
      error: 'TypeError',
      route: '/leads',
    });
    // 2 page loads so far: below the watch's minimum, the stage stays
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await overview()).stage).toMatchObject({
      staged: { pageLoads: 1, loadFailures: 0, errors: 1 },
      live: { pageLoads: 4, loadFailures: 0, errors: 1 },
    });
    await report('Admin', 'load-errors', {
      version: '0.1.0-2',
      phase: 'entry',
      error: 'RUNTIME-008',
      route: '/leads',
    });
    await report('Admin', 'load-errors', {
      version: '0.1.0-2',
      phase: 'entry',
      error: 'RUNTIME-008',
      route: '/leads',
    });

    const reason =
      "Over the last 10 minutes, 3 of 0.1.0-2's 3 page loads failed or crashed (100 %: entry 2, crashed 1; crashed on /leads); of the live 0.1.0-1's 4 page loads, 1 failed or crashed (25 %).";
    await eventually(async () => expect((await overview()).stage).toBeNull(), {
      delayMs: 100,
      attempts: 300,
    });
    expect((await overview()).changes[0]).toMatchObject({
      action: 'abort',
      fromVersion: '0.1.0-2',
      toVersion: '0.1.0-1',
      by: 'the release watch',
      reason,
    });
    const notices = (await bell()).filter((item: { kind: string }) => item.kind === 'release-aborted');
    expect(notices).toEqual([
      expect.objectContaining({
        severity: 'error',
        title: 'Leads 0.1.0-2 taken back automatically',
        message: `the release watch aborted the stage of remote_leads 0.1.0-2 (Admins); everyone is back on 0.1.0-1. ${reason}`,
      }),
    ]);
    expect(await everyone()).toMatchObject({ Admin: url('0.1.0-1'), User: url('0.1.0-1') });
    expect((await overview()).releases[0]).toMatchObject({
      version: '0.1.0-2',
      pageLoads: 1,
      loadFailures: 2,
      errors: 1,
    });
  });

  it('leaves a stage no worse than the live release, and rolls back by itself a promotion that fails', async () => {
    await start();
    await liveAndNext();
    await admin('stage', { version: '0.1.0-2', audience: { kind: 'role', role: 'User' } });
    // both fail a little: 1 of 4 each
    for (const [caller, version] of [
      ['Admin', '0.1.0-2'],
      ['User', '0.1.0-2'],
    ] as const) {
      await report(caller, 'page-loads', { version });
      await report(caller, 'page-loads', { version: '0.1.0-1' });
    }
    await report('Manager', 'page-loads', { version: '0.1.0-2' });
    await report('Manager', 'page-loads', { version: '0.1.0-1' });
    await report('Manager', 'load-errors', {
      version: '0.1.0-2',
      phase: 'timeout',
      error: 'x',
      route: '/leads',
    });
    await report('Manager', 'load-errors', {
      version: '0.1.0-1',
      phase: 'timeout',
      error: 'x',
      route: '/leads',
    });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect((await overview()).stage).toMatchObject({ version: '0.1.0-2' });

    // to everyone: watched for a while, compared with the release before
    await admin('advance');
    for (let index = 0; index < 3; index += 1)
      await report('User', 'load-errors', {
        version: '0.1.0-2',
        phase: 'expose',
        error: 'x',
        route: '/leads',
      });
    await eventually(async () => expect((await overview()).live.version).toBe('0.1.0-1'), {
      delayMs: 100,
      attempts: 300,
    });
    expect((await overview()).changes[0]).toMatchObject({
      action: 'rollback',
      fromVersion: '0.1.0-2',
      toVersion: '0.1.0-1',
      by: 'the release watch',
      reason:
        "Over the last 10 minutes, 3 of 0.1.0-2's 3 page loads failed or crashed (100 %: expose 3); of 0.1.0-1's 4 page loads, 1 failed or crashed (25 %).",
    });
    expect((await bell())[0]).toMatchObject({
      kind: 'release-rolled-back',
      severity: 'error',
      title: 'Leads rolled back automatically: 0.1.0-1',
    });
  });
});
