import type { MyRelease } from '@auditdesk/shared/core';
import { fakeSyncHub, renderWithProviders } from '@auditdesk/shared/testing';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch } from '../../../scripts/jest/fetchMock';
import { hasLoaded, registeredEntry } from '../remotes/registeredRemotes';
import { remoteReleased } from '../remotes/remoteUrls';
import { NewReleaseBanner } from './NewReleaseBanner';

jest.mock('../remotes/registeredRemotes');
jest.mock('../remotes/remoteUrls');
const OLD = '/releases/leads/0.1.0-1/mf-manifest.json';
const NEW = '/releases/leads/0.1.0-2/mf-manifest.json';

const mine = (leads: Partial<MyRelease> = {}): { remotes: MyRelease[] } => ({
  remotes: [
    { remote: 'remote_leads', version: '0.1.0-1', url: OLD, notes: '', previewUntil: null, ...leads },
    {
      remote: 'remote_sync',
      version: null,
      url: '/remotes/sync/mf-manifest.json',
      notes: '',
      previewUntil: null,
    },
  ],
});

describe('NewReleaseBanner', () => {
  let fetched: ReturnType<typeof mockFetch>;
  let answer = mine();
  beforeEach(() => {
    answer = mine();
    fetched = mockFetch(({ method }) => (method === 'DELETE' ? json(204) : json(200, answer)));
    jest.mocked(hasLoaded).mockImplementation((remote) => remote === 'remote_leads');
    jest
      .mocked(registeredEntry)
      .mockImplementation((remote) => (remote === 'remote_leads' ? OLD : undefined));
  });
  afterEach(() => {
    fetched.restore();
    jest.resetAllMocks();
  });

  it("offers Reload with the release's notes when a remote this tab runs has a new release, and goes when it is rolled back", async () => {
    const hub = fakeSyncHub();
    await hub.client.start();
    const reload = jest.fn();
    renderWithProviders(<NewReleaseBanner client={hub.client} reload={reload} />);
    expect(screen.queryByTestId('new-release-banner')).not.toBeInTheDocument();

    act(() => hub.connection.emit('RemoteReleased', 'remote_leads', '0.1.0-2', NEW, 'A bigger heading'));
    const banner = screen.getByTestId('new-release-banner');
    expect(banner).toHaveTextContent('A new version of Leads is available.');
    expect(screen.getByTestId('release-notes')).toHaveTextContent('A bigger heading');
    expect(remoteReleased).toHaveBeenCalledWith('remote_leads', NEW);
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);

    act(() => hub.connection.emit('RemoteReleased', 'remote_leads', '0.1.0-1', OLD, ''));
    expect(screen.queryByTestId('new-release-banner')).not.toBeInTheDocument();
  });

  it('says nothing of a remote this tab has not loaded: its next navigation takes the new release', async () => {
    const hub = fakeSyncHub();
    await hub.client.start();
    renderWithProviders(<NewReleaseBanner client={hub.client} />);
    act(() =>
      hub.connection.emit(
        'RemoteReleased',
        'remote_sync',
        '0.1.0-4',
        '/releases/sync/0.1.0-4/mf-manifest.json',
        '',
      ),
    );
    expect(screen.queryByTestId('new-release-banner')).not.toBeInTheDocument();
    expect(remoteReleased).toHaveBeenCalledWith('remote_sync', '/releases/sync/0.1.0-4/mf-manifest.json');
  });

  it("reads the person's own releases each time the hub connects: a change made meanwhile is not missed", async () => {
    answer = mine({ version: '0.1.0-2', url: NEW, notes: 'Staged for Admins' });
    const hub = fakeSyncHub();
    renderWithProviders(<NewReleaseBanner client={hub.client} />);
    await act(() => hub.client.start());
    expect(await screen.findByTestId('new-release-banner')).toHaveTextContent('Staged for Admins');
    expect(fetched.calls.filter((call) => call.url === '/api/releases/mine').length).toBeGreaterThanOrEqual(
      2,
    );
  });

  it("shows the person's preview with Leave preview, which ends it and reloads a tab that runs it", async () => {
    answer = mine({ previewUntil: '2026-11-28T15:02:00.000Z' });
    const hub = fakeSyncHub();
    await hub.client.start();
    const reload = jest.fn();
    renderWithProviders(<NewReleaseBanner client={hub.client} reload={reload} />);
    const preview = await screen.findByTestId('preview-banner');
    expect(preview).toHaveTextContent('You are previewing Leads 0.1.0-1, for you only, until');
    await userEvent.click(screen.getByRole('button', { name: 'Leave preview' }));
    expect(fetched.calls.find((call) => call.method === 'DELETE')?.url).toBe(
      '/api/releases/remote_leads/preview',
    );
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('can be put off', async () => {
    const hub = fakeSyncHub();
    await hub.client.start();
    renderWithProviders(<NewReleaseBanner client={hub.client} />);
    act(() => hub.connection.emit('RemoteReleased', 'remote_leads', '0.1.0-2', NEW, ''));
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByTestId('new-release-banner')).not.toBeInTheDocument();
  });
});
