import type { SyncHistoryEntry } from '@auditdesk/shared';
import { renderWithProviders } from '@auditdesk/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch } from '../../../scripts/jest/fetchMock';
import { SyncHistoryCard } from './SyncHistoryCard';

const run = (id: number, overrides: Partial<SyncHistoryEntry> = {}): SyncHistoryEntry => ({
  id,
  success: true,
  status: 'succeeded',
  message: 'Synced 2,400 events.',
  syncedCount: 2400,
  eventsCreated: 2400,
  eventsUpdated: 3,
  eventsDeleted: 0,
  startDate: '2025-03-01',
  endDate: '2025-03-31',
  spreadsheet: { written: 2400, removed: 0 },
  trigger: 'api',
  userId: 1,
  source: 'calendar calendar.ics',
  sink: 'spreadsheet leads.xlsx',
  stage: 'database',
  startedBy: 'Ada Admin',
  startedAt: new Date(2025, 3, 2, 9, 5).toISOString(),
  finishedAt: new Date(2025, 3, 2, 9, 5, 12).toISOString(),
  durationMs: 12_400,
  timestamp: new Date(2025, 3, 2, 9, 5, 12).toISOString(),
  ...overrides,
});

const FIRST_PAGE = [
  run(23),
  run(22, {
    success: false,
    status: 'failed',
    message: 'The calendar file could not be read: line 3 is not valid.',
    eventsCreated: 0,
    eventsUpdated: 0,
    trigger: 'schedule',
    startedBy: null,
  }),
  run(21, { trigger: 'cli', startedBy: null }),
  run(20, { trigger: 'first-start', startedBy: null, durationMs: 185_000 }),
];

function serve() {
  return mockFetch(({ url }) => {
    const page = Number(new URL(url, 'http://x').searchParams.get('page'));
    if (url.startsWith('/api/sync/history'))
      return json(200, {
        items: page === 1 ? FIRST_PAGE : [run(3, { startedBy: 'Sam Rivera' })],
        total: 23,
        page,
        pageSize: 10,
      });
    return json(404);
  });
}

describe('SyncHistoryCard', () => {
  let fetchMock: ReturnType<typeof mockFetch> | undefined;
  afterEach(() => fetchMock?.restore());

  it('lists the runs: when, who or what started them, range, outcome, counts, duration', async () => {
    fetchMock = serve();
    renderWithProviders(<SyncHistoryCard />);
    const table = await screen.findByTestId('sync-history');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Details',
      'When',
      'Started by',
      'Range',
      'Outcome',
      'Created',
      'Updated',
      'Deleted',
      'Duration',
      'Leads',
    ]);
    // each value sits in the column of its header: the unfold button has a column of its own
    const cells = (id: number) =>
      within(screen.getByTestId(`sync-run-${id}`))
        .getAllByRole('cell')
        .slice(1)
        .map((cell) => cell.textContent);
    const whenOfFailed = within(screen.getByTestId('sync-run-22')).getAllByRole('cell')[1]!;
    expect(within(whenOfFailed).queryByRole('button')).not.toBeInTheDocument();
    expect(cells(23)).toEqual([
      '04/02/2025, 09:05 AM',
      'Ada Admin',
      '03/01/2025 – 03/31/2025',
      'Succeeded',
      '2,400',
      '3',
      '0',
      '12.4 s',
      'Open',
    ]);
    // the leads the run created or changed, on the leads screen
    expect(
      within(screen.getByTestId('sync-run-23')).getByRole('link', {
        name: 'Open what run 23 created or changed',
      }),
    ).toHaveAttribute('href', '/leads?run=23');
    expect(cells(22).slice(1, 4)).toEqual(['Schedule (SYNC_CRON)', '03/01/2025 – 03/31/2025', 'Failed']);
    expect(cells(21)[1]).toBe('Command line');
    expect(cells(20)[1]).toBe('First start');
    expect(cells(20)[7]).toBe('3 min 05 s');
    expect(screen.getByText('23 runs')).toBeInTheDocument();
    expect(fetchMock.calls[0]?.url).toBe('/api/sync/history?page=1&pageSize=10');
  });

  it('unfolds a failed run to its message', async () => {
    fetchMock = serve();
    renderWithProviders(<SyncHistoryCard />);
    await screen.findByTestId('sync-history');
    const message = 'The calendar file could not be read: line 3 is not valid.';
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show why run 23 failed' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show why run 22 failed' }));
    expect(screen.getByText(message)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Hide why run 22 failed' }));
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });

  it('pages through the runs', async () => {
    fetchMock = serve();
    renderWithProviders(<SyncHistoryCard />);
    await screen.findByTestId('sync-history');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    expect(await screen.findByText('Sam Rivera')).toBeInTheDocument();
    expect(fetchMock.calls.map((call) => call.url)).toContain('/api/sync/history?page=3&pageSize=10');
  });
});
