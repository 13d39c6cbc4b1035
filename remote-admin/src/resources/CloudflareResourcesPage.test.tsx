import type { DatabaseStats } from '@auditdesk/shared';
import { renderWithProviders } from '@auditdesk/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { mockFetch } from '../../../scripts/jest/fetchMock';
import CloudflareResourcesPage from './CloudflareResourcesPage';
import { barColor, card, envelope, meter, serveStats } from './common/resourcePageTesting';

const MB = 1024 * 1024;
const GB = 1024 * MB;

function databaseStats(
  changes: {
    usage?: Partial<DatabaseStats['usage']>;
    performance?: Partial<DatabaseStats['performance']>;
    tables?: DatabaseStats['tables'];
  } = {},
): DatabaseStats {
  return {
    planName: 'Free',
    databaseName: '0b7a4c2e-91f3-4d55-a7c1-3e8f0d2b6a19',
    totalRows: 10_482,
    totalSize: 12.5 * MB,
    tableCount: 7,
    usage: {
      rowsUsed: 10_482,
      sizeUsed: 12.5 * MB,
      databasesUsed: 1,
      rowsRead: 250_000,
      rowsWritten: 1_200,
      ...changes.usage,
    },
    limits: {
      maxRows: 0,
      maxSize: 5 * GB,
      maxDatabases: 10,
      maxRowsRead: 5_000_000,
      maxRowsWritten: 100_000,
    },
    performance: { queryDuration: 3.42, ...changes.performance },
    ...(changes.tables ? { tables: changes.tables } : {}),
  };
}

describe('CloudflareResourcesPage', () => {
  let fetchMock: ReturnType<typeof mockFetch> | undefined;
  afterEach(() => fetchMock?.restore());

  it('shows the plan, the real table count, the shortened name and usage against the limits', async () => {
    fetchMock = serveStats('/resources/cloudflare', [envelope(databaseStats())]);
    renderWithProviders(<CloudflareResourcesPage />);

    expect(await screen.findByRole('heading', { name: 'CloudFlare D1 Resources' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Plan')).toHaveTextContent(
      'Free plan5 GB storage, 5M rows read per day, 100k rows written per day',
    );
    expect(card('Tables')).toHaveTextContent(/^7$/);
    expect(card('Database')).toHaveTextContent(/^0b7a4c2e\.\.\.6a19$/);
    expect(card('Database')).toHaveAttribute('title', '0b7a4c2e-91f3-4d55-a7c1-3e8f0d2b6a19');
    expect(card('Total Rows')).toHaveTextContent('10,482');
    expect(card('Total Size')).toHaveTextContent('12.5 MB');
    expect(meter('Storage')).toHaveTextContent('12.5 MB of 5 GB');
    expect(meter('Rows read today')).toHaveTextContent('250,000 of 5,000,000');
    expect(meter('Rows read today')).toHaveTextContent('5.0%');
    expect(meter('Rows written today')).toHaveTextContent('1,200 of 100,000');
    expect(meter('Databases')).toHaveTextContent('1 of 10');
    expect(meter('Rows')).toHaveTextContent('10,482 · no row limit');
    expect(barColor('Storage')).toBe('var(--mantine-color-green-filled)');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Rows per table' })).not.toBeInTheDocument();
  });

  it('turns amber at 75 %, red at 90 %, and names each in the warning banner', async () => {
    fetchMock = serveStats('/resources/cloudflare', [
      envelope(databaseStats({ usage: { rowsRead: 4_600_000, rowsWritten: 75_000 } })),
    ]);
    renderWithProviders(<CloudflareResourcesPage />);

    const banner = await screen.findByRole('alert');
    expect(
      within(banner)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Rows read today is at 92.0% of its limit.', 'Rows written today is at 75.0% of its limit.']);
    expect(barColor('Rows read today')).toBe('var(--mantine-color-red-filled)');
    expect(barColor('Rows written today')).toBe('var(--mantine-color-yellow-filled)');
    expect(barColor('Storage')).toBe('var(--mantine-color-green-filled)');
  });

  it.each([
    [3.42, '3.42 ms', 'Excellent'],
    [10, '10 ms', 'Good'],
    [49.5, '49.5 ms', 'Good'],
    [50, '50 ms', 'Optimize'],
  ])('rates a query duration of %p ms as %s %s', async (queryDuration, shown, rating) => {
    fetchMock = serveStats('/resources/cloudflare', [
      envelope(databaseStats({ performance: { queryDuration } })),
    ]);
    renderWithProviders(<CloudflareResourcesPage />);

    expect(await screen.findByLabelText('Query duration')).toHaveTextContent(
      `Query duration${shown}${rating}`,
    );
  });

  it('lists the rows of each table when the server sends them', async () => {
    fetchMock = serveStats('/resources/cloudflare', [
      envelope(
        databaseStats({
          tables: [
            { name: 'leads', rows: 10_000 },
            { name: 'users', rows: 4 },
          ],
        }),
      ),
    ]);
    renderWithProviders(<CloudflareResourcesPage />);

    const table = await screen.findByRole('table', { name: 'Rows per table' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['TableRows', 'leads10,000', 'users4']);
  });

  it("shows 'Error Loading Stats' with the reason, and Retry loads the stats", async () => {
    fetchMock = serveStats('/resources/cloudflare', [502, envelope(databaseStats())]);
    renderWithProviders(<CloudflareResourcesPage />);

    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('Error Loading Stats');
    expect(panel).toHaveTextContent('Failed to load CloudFlare stats');
    expect(panel).toHaveTextContent('Refused with 502.');
    await userEvent.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('CloudFlare D1 Resources')).toBeInTheDocument();
    expect(await screen.findByLabelText('Tables')).toBeInTheDocument();
    expect(screen.queryByText('Error Loading Stats')).not.toBeInTheDocument();
  });

  it("says 'No stats available' when there is nothing to show", async () => {
    fetchMock = serveStats('/resources/cloudflare', [envelope(null)]);
    renderWithProviders(<CloudflareResourcesPage />);

    expect(await screen.findByText('No stats available')).toBeInTheDocument();
    expect(screen.queryByLabelText('Tables')).not.toBeInTheDocument();
  });
});
