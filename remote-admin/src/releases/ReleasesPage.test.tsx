import { authStore, standaloneRoutes, type Role } from '@auditdesk/shared';
import type { Release, RemoteReleases } from '@auditdesk/shared/core';
import { renderRoutes, renderWithProviders } from '@auditdesk/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch } from '../../../scripts/jest/fetchMock';
import { ADMIN_PAGES } from '../adminPages';
import { openPreview } from './openPreview';
import ReleasesPage from './ReleasesPage';

jest.mock('./openPreview');
const WATCH = { windowMinutes: 10, minLoads: 5, failureRatePercent: 20, afterPromotionMinutes: 30 };

function signInAs(role: Role) {
  authStore
    .getState()
    .setSession(
      { token: 'a.b.c', refreshToken: null },
      { id: '1', email: 'admin@example.com', name: 'Ada', role },
    );
}

const release = (version: string, extra: Partial<Release> = {}): Release => ({
  version,
  commit: 'abc123',
  builtAt: '2026-11-26T08:00:00.000Z',
  publishedAt: '2026-11-26T08:01:00.000Z',
  notes: '',
  manifestUrl: `/releases/leads/${version}/mf-manifest.json`,
  live: false,
  pageLoads: 0,
  loadFailures: 0,
  errors: 0,
  ...extra,
});

function leads(extra: Partial<RemoteReleases> = {}): RemoteReleases {
  return {
    remote: 'remote_leads',
    label: 'Leads',
    pinnedUrl: null,
    live: { version: '0.1.0-1', since: '2026-11-26T08:05:00.000Z', by: 'admin@example.com' },
    releases: [
      release('0.1.0-2', { notes: 'Needs a newer host' }),
      release('0.1.0-1', { live: true, pageLoads: 40, loadFailures: 3 }),
    ],
    stage: null,
    watch: null,
    previews: [],
    changes: [],
    ...extra,
  };
}

const overview = (entry: RemoteReleases = leads()) => ({ remotes: [entry], watch: WATCH });

describe('ReleasesPage', () => {
  let fetched: ReturnType<typeof mockFetch>;
  beforeEach(() => signInAs('Admin'));
  afterEach(() => {
    fetched.restore();
    act(() => authStore.getState().clearSession());
  });

  it('shows the live release, each release with its loads of the day, and Promote for the others', async () => {
    fetched = mockFetch(() => json(200, overview()));
    renderWithProviders(<ReleasesPage />);
    const card = await screen.findByRole('region', { name: 'Leads releases' });
    expect(card).toHaveTextContent('Live: 0.1.0-1 since');
    const live = within(card).getByRole('row', { name: 'Leads 0.1.0-1' });
    expect(live).toHaveTextContent('Live');
    expect(
      within(live)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(4, 7),
    ).toEqual(['40', '3', '0']);
    expect(within(live).queryByRole('button', { name: /Promote/ })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Roll back' })).toBeEnabled();
  });

  it('lists what the check found missing when a release is refused, and changes nothing', async () => {
    fetched = mockFetch(({ url }) =>
      url.endsWith('/promote')
        ? json(409, {
            status: 409,
            title: 'Conflict',
            detail: 'remote_leads 0.1.0-2 cannot go live: …',
            problems: ['It needs @auditdesk/shared 0.2.0; the live host provides 0.1.0.'],
          })
        : json(200, overview()),
    );
    renderWithProviders(<ReleasesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Promote 0.1.0-2' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('0.1.0-2 cannot go live: it does not fit the host that is live.');
    expect(within(alert).getByRole('listitem')).toHaveTextContent(
      'It needs @auditdesk/shared 0.2.0; the live host provides 0.1.0.',
    );
    expect(fetched.calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/releases/remote_leads/promote',
      body: { version: '0.1.0-2' },
    });
  });

  it('says a pinned remote is pinned, and refuses the page to others than Admins', async () => {
    fetched = mockFetch(() =>
      json(200, overview(leads({ pinnedUrl: 'https://cdn.example.com/leads/mf-manifest.json' }))),
    );
    renderRoutes(standaloneRoutes('remote_admin', ADMIN_PAGES), '/releases');
    expect(await screen.findByText('Pinned')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Leads releases' })).toHaveTextContent(
      'Pinned by its setting to https://cdn.example.com/leads/mf-manifest.json',
    );
    act(() => signInAs('Manager'));
    expect(await screen.findByText("You don't have permission to manage releases.")).toBeInTheDocument();
  });

  it('shows a stage beside the live release, with Advance and Abort, and the watch in words', async () => {
    const staged = leads({
      stage: {
        version: '0.1.0-2',
        audience: { kind: 'role', role: 'Admin' },
        description: 'Admins',
        people: 2,
        since: '2026-11-26T09:00:00.000Z',
        by: 'admin@example.com',
        next: 'Managers and Admins',
        staged: { pageLoads: 3, loadFailures: 1, errors: 0 },
        live: { pageLoads: 30, loadFailures: 0, errors: 1 },
      },
      previews: [{ email: 'ada@example.com', version: '0.1.0-2', until: '2026-11-26T10:00:00.000Z' }],
      changes: [
        {
          action: 'abort',
          fromVersion: '0.1.0-3',
          toVersion: '0.1.0-1',
          audience: null,
          reason: "Over the last 10 minutes, 5 of 0.1.0-3's 5 page loads failed or crashed (100 %: entry 5).",
          by: 'the release watch',
          at: '2026-11-26T08:30:00.000Z',
        },
      ],
    });
    fetched = mockFetch(({ url }) =>
      url.endsWith('/advance') || url.endsWith('/abort') ? json(200, staged) : json(200, overview(staged)),
    );
    renderWithProviders(<ReleasesPage />);
    const panel = await screen.findByRole('region', { name: 'Leads stage' });
    expect(panel).toHaveTextContent('0.1.0-2 for Admins (2 people now) since');
    expect(panel).toHaveTextContent('Everyone else stays on 0.1.0-1.');
    expect(within(panel).getByRole('row', { name: 'Staged 0.1.0-2' })).toHaveTextContent(
      'Staged 0.1.0-2310' + '25.0%',
    );
    expect(within(panel).getByRole('row', { name: 'Live 0.1.0-1' })).toHaveTextContent(
      'Live 0.1.0-13001' + '3.3%',
    );
    expect(panel).toHaveTextContent('over the last 10 minutes and from 5 page loads, 20 points more');
    const card = screen.getByRole('region', { name: 'Leads releases' });
    expect(card).toHaveTextContent('ada@example.com previews 0.1.0-2 until');
    expect(card).toHaveTextContent(
      'the release watch aborted the stage of 0.1.0-3; everyone is back on 0.1.0-1.',
    );
    expect(card).toHaveTextContent("Why: Over the last 10 minutes, 5 of 0.1.0-3's 5 page loads failed");
    // the staged release goes on through Advance: no Promote for it
    const row = within(card).getByRole('row', { name: 'Leads 0.1.0-2' });
    expect(within(row).queryByRole('button', { name: 'Promote 0.1.0-2' })).not.toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Advance to Managers and Admins' }));
    await userEvent.click(await within(panel).findByRole('button', { name: 'Abort' }));
    await screen.findByText('Stage aborted');
    expect(fetched.calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/releases/remote_leads/advance',
      '/api/releases/remote_leads/abort',
    ]);
  });

  it('stages a release for a role, a share or named people, and previews one by opening the app', async () => {
    fetched = mockFetch(({ url }) =>
      url.endsWith('/preview')
        ? json(200, { until: '2026-11-26T10:00:00.000Z' })
        : url.endsWith('/stage')
          ? json(200, leads())
          : json(200, overview()),
    );
    renderWithProviders(<ReleasesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Stage 0.1.0-2' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '10 % of people' }));
    await screen.findByText('Staged');
    await userEvent.click(screen.getByRole('button', { name: 'Stage 0.1.0-2' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Named people…' }));
    await userEvent.type(
      await screen.findByLabelText('E-mail addresses'),
      'sam@example.com, ada@example.com',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Stage for 2 people' }));
    await userEvent.click(screen.getByRole('button', { name: 'Preview 0.1.0-2' }));
    await waitFor(() => expect(openPreview).toHaveBeenCalledWith('remote_leads'));
    expect(
      fetched.calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body]),
    ).toEqual([
      ['/api/releases/remote_leads/stage', { version: '0.1.0-2', audience: { kind: 'share', share: 10 } }],
      [
        '/api/releases/remote_leads/stage',
        { version: '0.1.0-2', audience: { kind: 'users', users: ['sam@example.com', 'ada@example.com'] } },
      ],
      ['/api/releases/remote_leads/preview', { version: '0.1.0-2' }],
    ]);
  });
});
