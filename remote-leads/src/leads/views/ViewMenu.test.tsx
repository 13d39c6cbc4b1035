import {
  authStore,
  standardViewState,
  type LeadsViewState,
  type Role,
  type SavedView,
} from '@auditdesk/shared';
import { renderRoutes } from '@auditdesk/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch } from '../../../../scripts/jest/fetchMock';
import { useLeadsView } from '../useLeadsView';
import { ViewMenu } from './ViewMenu';

jest.setTimeout(20_000);

const state = (changes: Partial<LeadsViewState>): LeadsViewState => ({
  ...standardViewState(),
  visibleColumns: ['scheduledDate', 'customerName', 'status'],
  ...changes,
});
const view = (id: number, name: string, changes: Partial<SavedView> = {}): SavedView => ({
  id,
  name,
  ownerName: 'X',
  mine: true,
  shared: false,
  editable: true,
  state: state({ search: name.toLowerCase() }),
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...changes,
});
const SCHEDULED = view(1, 'Scheduled', { state: state({ columns: { status: '=Scheduled' }, pageSize: 50 }) });
const TEAM = view(2, 'Team week', {
  ownerName: 'Morgan Manager',
  mine: false,
  shared: true,
  editable: false,
  state: state({ search: 'maple', sort: { id: 'scheduledDate', desc: true } }),
});

/** /api/views as the server keeps them, for one person. */
function serveViews(initial: SavedView[], defaultViewId: number | null = null) {
  let views = [...initial];
  let chosen = defaultViewId;
  let next = 10;
  return mockFetch(({ url, method, body }) => {
    const fields = body as Partial<SavedView>;
    const id = Number(url.split('/').pop());
    if (url === '/api/views' && method === 'GET') return json(200, { views, defaultViewId: chosen });
    if (url === '/api/views' && method === 'POST') {
      if (views.some((other) => other.mine && other.name.toLowerCase() === fields.name!.toLowerCase()))
        return json(409, {
          type: 'about:blank',
          title: 'Conflict',
          status: 409,
          detail: `You already have a view named "${fields.name}". Choose another name, or save over that view.`,
        });
      const created = view(next++, fields.name!, { shared: Boolean(fields.shared), state: fields.state! });
      views = [...views, created];
      return json(201, created);
    }
    if (url === '/api/views/default') {
      chosen = (body as { viewId: number | null }).viewId;
      return json(200, body);
    }
    if (method === 'PATCH') {
      views = views.map((old) => (old.id === id ? { ...old, ...fields } : old));
      return json(
        200,
        views.find((old) => old.id === id),
      );
    }
    if (method === 'DELETE') {
      views = views.filter((old) => old.id !== id);
      if (chosen === id) chosen = null;
      return json(204);
    }
    return json(404);
  });
}

/** The menu beside what it saves: the view of the URL, and a search box that changes it. */
function Screen() {
  const { view: shown, change } = useLeadsView();
  return (
    <>
      <ViewMenu view={shown} change={change} />
      <input
        aria-label="Search"
        value={shown.search}
        onChange={(event) => change({ search: event.currentTarget.value, page: 1 })}
      />
    </>
  );
}

function signInAs(role: Role) {
  authStore
    .getState()
    .setSession({ token: 'a.b.c', refreshToken: null }, { id: '1', email: 'x@example.com', name: 'X', role });
}

const menuButton = () => screen.getByRole('button', { name: /^Saved views/ });
const openMenu = async () => {
  await userEvent.click(menuButton());
  return screen.findByRole('menu');
};
const choose = async (name: RegExp | string) => {
  const menu = await openMenu();
  await userEvent.click(within(menu).getByRole('menuitem', { name }));
};
const params = (router: { state: { location: { search: string } } }) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

describe('ViewMenu', () => {
  let fetchMock: ReturnType<typeof mockFetch> | undefined;
  beforeEach(() => {
    window.localStorage.clear();
    signInAs('User');
  });
  afterEach(() => {
    fetchMock?.restore();
    act(() => authStore.getState().clearSession());
  });
  const render = (path = '/leads') => renderRoutes([{ path: '/leads', element: <Screen /> }], path);

  it('lists my views and the shared ones, and opening one puts its state in the URL', async () => {
    fetchMock = serveViews([SCHEDULED, TEAM]);
    const { router } = render();
    const menu = await openMenu();
    expect(await within(menu).findByRole('menuitem', { name: /Scheduled/ })).toBeInTheDocument();
    expect(within(menu).getByText('Shared with everyone')).toBeInTheDocument();
    expect(
      within(menu).getByRole('menuitem', { name: /Team week.*Shared by Morgan Manager/ }),
    ).toBeInTheDocument();

    await userEvent.click(within(menu).getByRole('menuitem', { name: /Team week/ }));
    await waitFor(() =>
      expect(params(router)).toEqual({
        q: 'maple',
        sort: '-scheduledDate',
        cols: 'scheduledDate,customerName,status',
        view: '2',
      }),
    );
    expect(screen.getByLabelText('Search')).toHaveValue('maple');
    expect(menuButton()).toHaveAccessibleName('Saved views: Team week');
    const again = await openMenu();
    expect(within(again).getByRole('menuitem', { name: /Team week/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    // a User may use a shared view but not change it
    expect(within(again).queryByRole('menuitem', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(within(again).queryByRole('menuitem', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('shows when the screen moved away from the view; Reset goes back, Save keeps the change', async () => {
    fetchMock = serveViews([SCHEDULED]);
    const { router } = render();
    await choose(/Scheduled/);
    await waitFor(() => expect(params(router).view).toBe('1'));
    expect(screen.queryByTestId('view-modified')).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Search'), 'oak');
    expect(await screen.findByTestId('view-modified')).toHaveTextContent('Modified');
    expect(menuButton()).toHaveAccessibleName('Saved views: Scheduled, modified');
    await waitFor(() => expect(params(router)).toMatchObject({ q: 'oak', view: '1' }));

    await choose('Reset to the saved view');
    await waitFor(() => expect(screen.queryByTestId('view-modified')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Search')).toHaveValue('');
    expect(params(router)).toMatchObject({ 'f.status': '=Scheduled', size: '50', view: '1' });

    await userEvent.type(screen.getByLabelText('Search'), 'elm');
    await screen.findByTestId('view-modified');
    await choose('Save changes');
    await waitFor(() => expect(screen.queryByTestId('view-modified')).not.toBeInTheDocument());
    const patch = fetchMock.calls.find((call) => call.method === 'PATCH')!;
    expect(patch.url).toBe('/api/views/1');
    expect(patch.body).toEqual({ state: { ...SCHEDULED.state, search: 'elm' } });
  });

  it('saves what the screen shows as a new view, which the URL then names; a taken name is explained', async () => {
    fetchMock = serveViews([SCHEDULED]);
    const { router } = render('/leads?q=pine');
    await choose('Save as a new view…');
    const dialog = await screen.findByRole('dialog', { name: 'Save as a new view' });
    // a User cannot share a view with everyone
    expect(within(dialog).queryByText('Share with everyone')).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'scheduled');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'You already have a view named "scheduled". Choose another name, or save over that view.',
      ),
    ).toBeInTheDocument();

    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Pine street');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = fetchMock.calls.filter((call) => call.method === 'POST').pop()!;
    expect(post.body).toEqual({
      name: 'Pine street',
      shared: false,
      state: state({ search: 'pine', visibleColumns: expect.any(Array) as unknown as string[] }),
    });
    await waitFor(() => expect(params(router)).toEqual({ q: 'pine', view: '10' }));
    await waitFor(() => expect(menuButton()).toHaveAccessibleName('Saved views: Pine street'));
  });

  it('lets a Manager share a view with everyone, rename it and stop sharing it', async () => {
    signInAs('Manager');
    fetchMock = serveViews([]);
    render('/leads?q=birch');
    await choose('Save as a new view…');
    const dialog = await screen.findByRole('dialog', { name: 'Save as a new view' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Birch');
    await userEvent.click(within(dialog).getByText('Share with everyone'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock!.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(fetchMock.calls.find((call) => call.method === 'POST')!.body).toMatchObject({
      name: 'Birch',
      shared: true,
    });

    // renaming sends the name alone; switching sharing off sends that
    await waitFor(() => expect(menuButton()).toHaveAccessibleName('Saved views: Birch'));
    await choose('Rename or share…');
    const rename = await screen.findByRole('dialog', { name: 'Rename or share the view' });
    await userEvent.clear(within(rename).getByLabelText('Name'));
    await userEvent.type(within(rename).getByLabelText('Name'), 'Birch trees');
    await userEvent.click(within(rename).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The view is now named "Birch trees".')).toBeInTheDocument();
    await choose('Rename or share…');
    const unshare = await screen.findByRole('dialog', { name: 'Rename or share the view' });
    await userEvent.click(within(unshare).getByText('Share with everyone'));
    await userEvent.click(within(unshare).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The view "Birch trees" is no longer shared.')).toBeInTheDocument();
    expect(fetchMock.calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { name: 'Birch trees' },
      { name: 'Birch trees', shared: false },
    ]);
  });

  it('opens the default view on an empty address, in its place; a link keeps its own view', async () => {
    fetchMock = serveViews([SCHEDULED, TEAM], TEAM.id);
    const { router } = render();
    await waitFor(() => expect(params(router)).toMatchObject({ q: 'maple', view: '2' }));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByLabelText('Search')).toHaveValue('maple');
    const menu = await openMenu();
    expect(within(menu).getByRole('menuitem', { name: /Team week/ })).toHaveTextContent('Default');

    const linked = render('/leads?q=cedar');
    await screen.findAllByRole('button', { name: /^Saved views/ });
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(params(linked.router)).toEqual({ q: 'cedar' });
  });

  it('makes the open view the default, and deleting it leaves the rows as they are', async () => {
    fetchMock = serveViews([SCHEDULED]);
    const { router } = render();
    await choose(/Scheduled/);
    await choose('Make it my default');
    await waitFor(() =>
      expect(fetchMock!.calls.find((call) => call.url === '/api/views/default')?.body).toEqual({ viewId: 1 }),
    );
    expect(
      await screen.findByText('The leads screen now opens with the view "Scheduled".'),
    ).toBeInTheDocument();

    await choose('Delete…');
    const dialog = await screen.findByRole('dialog', { name: 'Delete the view' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(params(router).view).toBeUndefined());
    expect(params(router)).toMatchObject({ 'f.status': '=Scheduled', size: '50' });
    expect(menuButton()).toHaveAccessibleName('Saved views: none open');
  });

  it("opens a view by its own address (?view=N alone) as saved: its filters, columns and sort, not 'Modified'", async () => {
    fetchMock = serveViews([SCHEDULED, TEAM]);
    const { router } = render('/leads?view=2');
    await waitFor(() =>
      expect(params(router)).toEqual({
        q: 'maple',
        sort: '-scheduledDate',
        cols: 'scheduledDate,customerName,status',
        view: '2',
      }),
    );
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByLabelText('Search')).toHaveValue('maple');
    expect(menuButton()).toHaveAccessibleName('Saved views: Team week');
    expect(screen.queryByTestId('view-modified')).not.toBeInTheDocument();
  });

  it('says so when the address names a view the person cannot see, and shows the standard view', async () => {
    fetchMock = serveViews([SCHEDULED]);
    const { router } = render('/leads?view=99');
    expect(
      await screen.findByText('This view does not exist, or it is not shared with you.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(params(router)).toEqual({}));
    expect(menuButton()).toHaveAccessibleName('Saved views: none open');
  });

  it('writes a state that names a view as a state, never as the bare address that would reopen the view', async () => {
    const OAK = view(3, 'Oak', { state: state({ search: 'oak', visibleColumns: null }) });
    fetchMock = serveViews([OAK]);
    const { router } = render();
    await choose(/Oak/);
    await waitFor(() => expect(params(router)).toEqual({ q: 'oak', view: '3' }));
    // back to the standard state: the URL must not read as the view's own address
    await userEvent.clear(screen.getByLabelText('Search'));
    expect(await screen.findByTestId('view-modified')).toBeInTheDocument();
    await waitFor(() => expect(params(router)).toEqual({ page: '1', view: '3' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(screen.getByLabelText('Search')).toHaveValue('');
  });
});
