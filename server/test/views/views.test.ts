import { standardViewState, type LeadsViewState, type SavedView } from '@auditdesk/shared/core';
import { defaultViews, savedViews } from '../../src/platform/db/schema';
import { createSavedViewsRepository } from '../../src/features/views/savedViewsRepository';
import { MAX_VIEWS_PER_PERSON } from '../../src/features/views/viewsRoutes';
import { signInEveryRole, type Caller } from '../../testkit/roleSessions';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';
import { ENGINES } from '../../testkit/engines';

const STATE: LeadsViewState = {
  ...standardViewState(),
  search: 'maple',
  columns: { status: '=Scheduled' },
  sort: { id: 'scheduledDate', desc: true },
  pageSize: 50,
  visibleColumns: ['scheduledDate', 'customerName', 'status'],
};

describe.each(ENGINES)('saved views on %s', (engine) => {
  let t: TestApp;
  let tokens: Record<Caller, string | null>;
  beforeEach(async () => {
    t = await createTestApp({}, { engine });
    tokens = await signInEveryRole(t);
  });
  afterEach(() => t.close());

  const call = (
    as: Caller,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url: `/api/views${url}`,
      headers: bearer(tokens[as]!),
      ...(payload !== undefined && { payload: payload as object }),
    });
  const list = async (as: Caller) =>
    (await call(as, 'GET', '')).json<{ views: SavedView[]; defaultViewId: number | null }>();
  const names = async (as: Caller) => (await list(as)).views.map((view) => view.name);
  const save = async (as: Caller, body: object) => {
    const answer = await call(as, 'POST', '', { state: STATE, ...body });
    expect(answer.statusCode).toBe(201);
    return answer.json<SavedView>();
  };

  it('keeps a private view to its owner, who may rename, overwrite and delete it', async () => {
    const view = await save('User', { name: 'My scheduled' });
    expect(view).toMatchObject({
      name: 'My scheduled',
      ownerName: 'User Person',
      mine: true,
      shared: false,
      editable: true,
      state: STATE,
    });
    expect(await names('User')).toEqual(['My scheduled']);
    expect(await names('Manager')).toEqual([]);
    // another person is not even told it exists
    expect((await call('Manager', 'PATCH', `/${view.id}`, { name: 'Taken' })).statusCode).toBe(404);
    expect((await call('Admin', 'DELETE', `/${view.id}`)).statusCode).toBe(404);

    const changed = await call('User', 'PATCH', `/${view.id}`, {
      name: '  Mine  ',
      state: { ...STATE, search: 'oak' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Mine', state: { search: 'oak' } });
    expect(changed.json<SavedView>().updatedAt >= view.updatedAt).toBe(true);
    expect((await call('User', 'DELETE', `/${view.id}`)).statusCode).toBe(204);
    expect(await names('User')).toEqual([]);
    expect((await call('User', 'DELETE', `/${view.id}`)).statusCode).toBe(404);
  });

  it('lets only a Manager or an Admin share a view, or change or delete a shared one', async () => {
    const refused = await call('User', 'POST', '', { name: 'For all', shared: true, state: STATE });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Only a Manager or an Admin may share a view with everyone.');
    const own = await save('User', { name: 'Mine' });
    expect((await call('User', 'PATCH', `/${own.id}`, { shared: true })).statusCode).toBe(403);
    expect(await names('Manager')).toEqual([]);

    const shared = await save('Manager', { name: 'Team week', shared: true });
    const seen = (await list('User')).views.find((view) => view.id === shared.id);
    expect(seen).toMatchObject({
      name: 'Team week',
      ownerName: 'Manager Person',
      mine: false,
      shared: true,
      editable: false,
    });
    expect(await names('User')).toEqual(['Mine', 'Team week']); // their own first
    expect((await call('User', 'PATCH', `/${shared.id}`, { name: 'Hijacked' })).statusCode).toBe(403);
    expect((await call('User', 'DELETE', `/${shared.id}`)).statusCode).toBe(403);

    // an Admin keeps the Manager's shared view too
    const renamed = await call('Admin', 'PATCH', `/${shared.id}`, { name: 'Team month' });
    expect(renamed.json()).toMatchObject({ name: 'Team month', mine: false, editable: true });
    // made private again, it is its owner's alone
    expect((await call('Manager', 'PATCH', `/${shared.id}`, { shared: false })).statusCode).toBe(200);
    expect(await names('User')).toEqual(['Mine']);
    expect((await call('Admin', 'PATCH', `/${shared.id}`, { name: 'x' })).statusCode).toBe(404);
  });

  // issue 35, item 10: any Manager could unshare or overwrite another Manager's shared view
  it('lets only its owner or an Admin change, unshare or delete a shared view; another Manager may copy it', async () => {
    await t.users.create({
      email: 'sky@example.com',
      fullName: 'Sky Manager',
      role: 'Manager',
      passwordHash: await t.passwords.hash('sky-password-123'),
    });
    const sky = (await t.login('sky@example.com', 'sky-password-123')).access_token;
    const asSky = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/api/views${url}`,
        headers: bearer(sky),
        ...(payload ? { payload } : {}),
      });

    const shared = await save('Manager', { name: 'Team week', shared: true });
    const seen = (await asSky('GET', '')).json<{ views: SavedView[] }>().views;
    expect(seen).toEqual([expect.objectContaining({ id: shared.id, mine: false, editable: false })]);
    for (const change of [{ name: 'Mine now' }, { shared: false }, { state: { ...STATE, search: 'oak' } }]) {
      const refused = await asSky('PATCH', `/${shared.id}`, change);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toBe(
        'Only the person who shared this view, or an Admin, may change it. Save it as a new view of your own instead.',
      );
    }
    expect((await asSky('DELETE', `/${shared.id}`)).statusCode).toBe(403);
    // what another Manager may do: make it their default, save a copy (shared too, as their own)
    expect((await asSky('PUT', '/default', { viewId: shared.id })).statusCode).toBe(200);
    expect((await asSky('POST', '', { name: 'Team week', shared: true, state: STATE })).statusCode).toBe(201);
    expect((await list('User')).views.map((view) => [view.name, view.ownerName])).toEqual([
      ['Team week', 'Manager Person'],
      ['Team week', 'Sky Manager'],
    ]);
    const kept = (await list('Manager')).views.find((view) => view.id === shared.id);
    expect(kept).toMatchObject({ name: 'Team week', shared: true, state: STATE, editable: true });

    // an owner who may no longer share leaves the view to the Admins
    const owner = (await t.users.findByEmail('manager@example.com'))!;
    await t.users.update(owner.id, { role: 'User' });
    expect((await call('Manager', 'PATCH', `/${shared.id}`, { name: 'Still mine' })).statusCode).toBe(403);
    expect((await call('Admin', 'PATCH', `/${shared.id}`, { shared: false })).statusCode).toBe(200);
  });

  it('refuses a second view of the same name for one owner, whatever its case', async () => {
    const first = await save('Manager', { name: 'This week' });
    const again = await call('Manager', 'POST', '', { name: ' this WEEK ', state: STATE });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      status: 409,
      detail: 'You already have a view named "this WEEK". Choose another name, or save over that view.',
    });
    await save('User', { name: 'This week' }); // another owner may
    const other = await save('Manager', { name: 'Next week' });
    expect((await call('Manager', 'PATCH', `/${other.id}`, { name: 'THIS WEEK' })).statusCode).toBe(409);
    expect((await call('Manager', 'PATCH', `/${first.id}`, { name: 'this week' })).statusCode).toBe(200);
    expect(await names('Manager')).toEqual(['Next week', 'this week']);
  });

  it('ignores columns the table does not have, when saved and when stored long ago', async () => {
    const view = await save('User', {
      name: 'Old columns',
      state: {
        ...STATE,
        columns: { status: '=Scheduled', retiredColumn: 'x' },
        sort: { id: 'retiredColumn', desc: false },
        visibleColumns: ['retiredColumn', 'customerName'],
      },
    });
    expect(view.state).toEqual({ ...STATE, sort: null, visibleColumns: ['customerName'] });

    // a document an older release wrote: a column removed since, a part that no longer fits
    const [row] = await t.db.orm.select().from(savedViews).all();
    const old = { ...STATE, columns: { gone: 'a', auditor: 'Sam' }, visibleColumns: ['gone'], pageSize: 30 };
    await t.db.orm
      .update(savedViews)
      .set({ state: JSON.stringify(old) })
      .run();
    const [read] = (await list('User')).views;
    expect(read!.id).toBe(row!.id);
    expect(read!.state).toEqual({
      ...STATE,
      columns: { auditor: 'Sam' },
      visibleColumns: null,
      pageSize: 25,
    });
  });

  it('refuses hostile bodies with the reason and stores nothing', async () => {
    const own = await save('User', { name: 'Kept' });
    const bodies: [string, unknown][] = [
      ['a name too long', { name: 'n'.repeat(81), state: STATE }],
      ['a blank name', { name: '   ', state: STATE }],
      ['no state', { name: 'x' }],
      ['a state that is text', { name: 'x', state: 'q=maple' }],
      ['an unknown field', { name: 'x', state: STATE, owner: 1 }],
      ['an unknown part of the state', { name: 'x', state: { ...STATE, page: 4 } }],
      ['a huge search', { name: 'x', state: { ...STATE, search: 's'.repeat(100_000) } }],
      [
        'too many column filters',
        {
          name: 'x',
          state: {
            ...STATE,
            columns: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`c${i}`, 'v'])),
          },
        },
      ],
      [
        'too many visible columns',
        { name: 'x', state: { ...STATE, visibleColumns: Array(1000).fill('status') } },
      ],
      ['a column id too long', { name: 'x', state: { ...STATE, sort: { id: 'c'.repeat(65), desc: false } } }],
      ['a page size not offered', { name: 'x', state: { ...STATE, pageSize: 30 } }],
      ['a day that does not exist', { name: 'x', state: { ...STATE, startDate: '2026-02-30' } }],
      ['a filter that is not text', { name: 'x', state: { ...STATE, columns: { status: { $ne: 1 } } } }],
    ];
    for (const [why, body] of bodies) {
      const answer = await call('User', 'POST', '', body);
      expect([why, answer.statusCode]).toEqual([why, 400]);
      expect(answer.json()).toMatchObject({ status: 400, detail: expect.any(String) });
    }
    const empty = await call('User', 'PATCH', `/${own.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toMatch(/Say what to change/);
    expect((await call('User', 'PATCH', '/0x1', { name: 'y' })).statusCode).toBe(400);
    const tooBig = await call('User', 'POST', '', {
      name: 'x',
      state: { ...STATE, search: 's'.repeat(2_000_000) },
    });
    expect(tooBig.statusCode).toBe(413);
    expect((await list('User')).views).toEqual([own]);
  });

  it('opens a person’s default view; a deleted or unshared view stops being anyone’s default', async () => {
    const shared = await save('Manager', { name: 'Team', shared: true });
    const other = await save('Admin', { name: 'Admin team', shared: true });
    const own = await save('User', { name: 'Mine' });
    expect((await list('User')).defaultViewId).toBeNull();

    for (const [as, id] of [
      ['User', shared.id],
      ['Admin', shared.id],
      ['Manager', other.id],
    ] as const) {
      const chosen = await call(as, 'PUT', '/default', { viewId: id });
      expect(chosen.json()).toEqual({ viewId: id });
    }
    expect((await list('User')).defaultViewId).toBe(shared.id);
    // someone else's private view cannot be one's default
    expect((await call('Manager', 'PUT', '/default', { viewId: own.id })).statusCode).toBe(404);
    expect((await list('Manager')).defaultViewId).toBe(other.id);

    expect((await call('Manager', 'DELETE', `/${shared.id}`)).statusCode).toBe(204);
    expect((await list('User')).defaultViewId).toBeNull();
    expect((await list('Admin')).defaultViewId).toBeNull();

    expect((await call('Admin', 'PATCH', `/${other.id}`, { shared: false })).statusCode).toBe(200);
    expect((await list('Manager')).defaultViewId).toBeNull();

    await call('User', 'PUT', '/default', { viewId: own.id });
    expect((await list('User')).defaultViewId).toBe(own.id);
    expect((await call('User', 'PUT', '/default', { viewId: null })).json()).toEqual({ viewId: null });
    expect((await list('User')).defaultViewId).toBeNull();
  });

  it('keeps at most 200 views a person, and a person’s views go with their account', async () => {
    const repository = createSavedViewsRepository(t.db);
    const user = (await t.users.findByEmail('user@example.com'))!;
    for (let n = 1; n < MAX_VIEWS_PER_PERSON; n += 1)
      await repository.create(user.id, { name: `View ${n}`, shared: false, state: STATE });
    const last = await save('User', { name: 'The last one' });
    const over = await call('User', 'POST', '', { name: 'One too many', state: STATE });
    expect(over.statusCode).toBe(409);
    expect(over.json().detail).toBe('You keep 200 views, the most one person may. Delete one first.');
    expect((await call('User', 'DELETE', `/${last.id}`)).statusCode).toBe(204);
    await save('User', { name: 'One too many' });

    await call('User', 'PUT', '/default', { viewId: last.id + 1 });
    await t.users.remove(user.id);
    expect(await t.db.orm.select().from(savedViews).all()).toEqual([]);
    expect(await t.db.orm.select().from(defaultViews).all()).toEqual([]);
  });
});
