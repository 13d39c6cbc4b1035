import { authStore, standaloneRoutes, type Role } from '@auditdesk/shared';
import type { Release, RemoteReleases } from '@auditdesk/shared/core';
import { renderRoutes, renderWithProviders } from '@auditdesk/shared/testing';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch } from '../../../scripts/jest/fetchMock';
import { ADMIN_PAGES } from '../adminPages';
import ReleasesPage from './ReleasesPage';

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
    changes: [],
    ...extra,
  };
}

describe('ReleasesPage', () => {
  let fetched: ReturnType<typeof mockFetch>;
  beforeEach(() => signInAs('Admin'));
  afterEach(() => {
    fetched.restore();
    act(() => authStore.getState().clearSession());
  });

  it('shows the live release, each release with its loads of the day, and Promote for the others', async () => {
    fetched = mockFetch(() => json(200, { remotes: [leads()] }));
    renderWithProviders(<ReleasesPage />);
    const card = await screen.findByRole('region', { name: 'Leads releases' });
    expect(card).toHaveTextContent('Live: 0.1.0-1 since');
    const live = within(card).getByRole('row', { name: 'Leads 0.1.0-1' });
    expect(live).toHaveTextContent('Live');
    expect(
      within(live)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(4, 6),
    ).toEqual(['40', '3']);
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
        : json(200, { remotes: [leads()] }),
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
      json(200, { remotes: [leads({ pinnedUrl: 'https://cdn.example.com/leads/mf-manifest.json' })] }),
    );
    renderRoutes(standaloneRoutes('remote_admin', ADMIN_PAGES), '/releases');
    expect(await screen.findByText('Pinned')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Leads releases' })).toHaveTextContent(
      'Pinned by its setting to https://cdn.example.com/leads/mf-manifest.json',
    );
    act(() => signInAs('Manager'));
    expect(await screen.findByText("You don't have permission to manage releases.")).toBeInTheDocument();
  });
});
