import { fakeSyncHub, renderWithProviders } from '@auditdesk/shared/testing';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hasLoaded, registeredEntry } from '../remotes/registeredRemotes';
import { remoteReleased, remoteUrls } from '../remotes/remoteUrls';
import { NewReleaseBanner } from './NewReleaseBanner';

jest.mock('../remotes/registeredRemotes');
jest.mock('../remotes/remoteUrls');
const OLD = '/releases/leads/0.1.0-1/mf-manifest.json';
const NEW = '/releases/leads/0.1.0-2/mf-manifest.json';

describe('NewReleaseBanner', () => {
  beforeEach(() => {
    jest.mocked(hasLoaded).mockImplementation((remote) => remote === 'remote_leads');
    jest
      .mocked(registeredEntry)
      .mockImplementation((remote) => (remote === 'remote_leads' ? OLD : undefined));
  });
  afterEach(() => jest.resetAllMocks());

  it('offers Reload when a remote this tab runs has a new release, and goes when it is rolled back', async () => {
    const hub = fakeSyncHub();
    await hub.client.start();
    const reload = jest.fn();
    renderWithProviders(<NewReleaseBanner client={hub.client} reload={reload} />);
    expect(screen.queryByTestId('new-release-banner')).not.toBeInTheDocument();

    act(() => hub.connection.emit('RemoteReleased', 'remote_leads', '0.1.0-2', NEW));
    expect(screen.getByTestId('new-release-banner')).toHaveTextContent(
      'A new version of Leads is available.',
    );
    expect(remoteReleased).toHaveBeenCalledWith('remote_leads', NEW);
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);

    act(() => hub.connection.emit('RemoteReleased', 'remote_leads', '0.1.0-1', OLD));
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
      ),
    );
    expect(screen.queryByTestId('new-release-banner')).not.toBeInTheDocument();
    expect(remoteReleased).toHaveBeenCalledWith('remote_sync', '/releases/sync/0.1.0-4/mf-manifest.json');
  });

  it('reads what is live each time the hub connects: a release made meanwhile is not missed', async () => {
    jest
      .mocked(remoteUrls)
      .mockResolvedValue({ remote_leads: NEW, remote_sync: '/remotes/sync/mf-manifest.json' });
    const hub = fakeSyncHub();
    renderWithProviders(<NewReleaseBanner client={hub.client} />);
    await act(() => hub.client.start());
    expect(await screen.findByTestId('new-release-banner')).toHaveTextContent(
      'A new version of Leads is available.',
    );
    expect(remoteUrls).toHaveBeenCalledWith(true);
  });

  it('can be put off', async () => {
    const hub = fakeSyncHub();
    await hub.client.start();
    renderWithProviders(<NewReleaseBanner client={hub.client} />);
    act(() => hub.connection.emit('RemoteReleased', 'remote_leads', '0.1.0-2', NEW));
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByTestId('new-release-banner')).not.toBeInTheDocument();
  });
});
