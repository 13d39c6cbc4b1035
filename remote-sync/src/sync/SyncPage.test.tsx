import { authStore, type Role, type SyncStatus } from '@auditdesk/shared';
import { renderWithProviders } from '@auditdesk/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch } from '../../../scripts/jest/fetchMock';
import SyncPage from './SyncPage';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function statusWith(running: SyncStatus['running']): SyncStatus {
  return {
    isRunning: running !== null,
    runningRunId: running?.id ?? null,
    running,
    lastSync: minutesAgo(120),
    totalSyncs: 4,
    successfulSyncs: 3,
    failedSyncs: 1,
    startRoles: ['Admin', 'Manager'],
  };
}

function signInAs(role: Role) {
  authStore
    .getState()
    .setSession({ token: 'a.b.c', refreshToken: null }, { id: '1', email: 'x@example.com', name: 'X', role });
}
beforeEach(() => signInAs('Manager'));
afterEach(() => act(() => authStore.getState().clearSession()));

function serve(status: SyncStatus) {
  return mockFetch(({ url }) =>
    url.startsWith('/api/sync/status')
      ? json(200, status)
      : json(200, { items: [], total: 0, page: 1, pageSize: 10 }),
  );
}

describe('SyncPage with a run it did not start', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  afterEach(() => fetchMock.restore());

  it('says which run is on and waits for it: Start Sync is disabled', async () => {
    fetchMock = serve(
      statusWith({
        id: 41,
        trigger: 'schedule',
        stage: 'spreadsheet',
        startedAt: minutesAgo(3),
        lastProgressAt: new Date(Date.now() - 5_000).toISOString(),
        stopsAt: new Date(Date.now() + 595_000).toISOString(),
      }),
    );
    renderWithProviders(<SyncPage />);
    const alert = await screen.findByTestId('running-run');
    expect(within(alert).getByText('A sync is running')).toBeInTheDocument();
    expect(alert).toHaveTextContent(
      'Sync #41 is running: started by the schedule (SYNC_CRON) 3 min ago, now at “Sync to Spreadsheet”. Start Sync is available again when it ends.',
    );
    expect(alert).not.toHaveTextContent('No progress since');
    expect(screen.getByRole('button', { name: 'Start Sync' })).toBeDisabled();
  });

  it('a run gone quiet says since when, and when it will be stopped', async () => {
    const lastProgressAt = new Date(2026, 0, 5, 9, 0).toISOString();
    const stopsAt = new Date(2026, 0, 5, 9, 10).toISOString();
    fetchMock = serve(
      statusWith({
        id: 7,
        trigger: 'cli',
        stage: 'database',
        startedAt: lastProgressAt,
        lastProgressAt,
        stopsAt,
      }),
    );
    renderWithProviders(<SyncPage />);
    const alert = await screen.findByTestId('running-run');
    expect(within(alert).getByText('A sync is running but has gone quiet')).toBeInTheDocument();
    expect(alert).toHaveTextContent('started from the command line');
    expect(alert).toHaveTextContent(
      'No progress since 01/05/2026, 09:00 AM. If none comes, it will be stopped at 01/05/2026, 09:10 AM and a new sync can start.',
    );
  });

  it('nothing running: no notice, Start Sync ready', async () => {
    fetchMock = serve(statusWith(null));
    renderWithProviders(<SyncPage />);
    expect(await screen.findByText('Ready')).toBeInTheDocument();
    expect(screen.queryByTestId('running-run')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Sync' })).toBeEnabled();
  });
});

describe('SyncPage for someone SYNC_ROLES leaves out', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  afterEach(() => fetchMock.restore());

  it('shows the status and history, and a disabled Start that says who may', async () => {
    signInAs('User');
    fetchMock = serve(statusWith(null));
    renderWithProviders(<SyncPage />);
    expect(await screen.findByText('Ready')).toBeInTheDocument();
    const start = screen.getByRole('button', { name: 'Start Sync' });
    await waitFor(() => expect(start).toBeDisabled());
    expect(start).toHaveAccessibleDescription(
      'Only Admins and Managers can start a sync. The status and the history below stay up to date.',
    );
    expect(screen.getByLabelText('Total syncs')).toHaveTextContent('4');
  });
});

describe('SyncPage when the status cannot be read', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  afterEach(() => fetchMock.restore());

  it('shows the error with Retry in the Status card, then the counters once it answers', async () => {
    let failing = true;
    fetchMock = mockFetch(({ url }) =>
      url.startsWith('/api/sync/status')
        ? failing
          ? json(503, { detail: 'The database is not answering.' })
          : json(200, statusWith(null))
        : json(200, { items: [], total: 0, page: 1, pageSize: 10 }),
    );
    renderWithProviders(<SyncPage />);
    const panel = await screen.findByText('The sync status could not be loaded', {}, { timeout: 5000 });
    const alert = panel.closest('[role="alert"]') as HTMLElement;
    expect(alert).toHaveTextContent('The database is not answering.');

    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Total syncs')).toHaveTextContent('4');
    expect(screen.queryByText('The sync status could not be loaded')).not.toBeInTheDocument();
  });
});
