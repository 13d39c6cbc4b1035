import { renderWithProviders } from '@auditdesk/shared/testing';
import { screen, within } from '@testing-library/react';
import type { mockFetch } from '../../../scripts/jest/fetchMock';
import CloudflareResourcesPage from './CloudflareResourcesPage';
import { databaseStatsSample } from './cloudflare/databaseStatsSample';
import { barColor, card, envelope, meter, serveStats } from '../../../scripts/jest/resourcePages';

describe('CloudflareResourcesPage', () => {
  let fetchMock: ReturnType<typeof mockFetch> | undefined;
  afterEach(() => fetchMock?.restore());

  it('shows the plan, the real table count, the shortened name and usage against the limits', async () => {
    fetchMock = serveStats('/resources/cloudflare', [envelope(databaseStatsSample())]);
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

  it("shows no D1 plan's limits for a local SQLite file: the numbers, and that nothing limits them", async () => {
    const local = {
      ...databaseStatsSample({ usage: { rowsRead: 4_900_000, rowsWritten: 99_000 } }),
      planName: 'Local SQLite',
      limits: { maxRows: 0, maxSize: 0, maxDatabases: 0, maxRowsRead: 0, maxRowsWritten: 0 },
    };
    fetchMock = serveStats('/resources/cloudflare', [envelope(local)]);
    renderWithProviders(<CloudflareResourcesPage />);

    expect(await screen.findByLabelText('Plan')).toHaveTextContent(
      'Local SQLiteNo plan limits: the database is a file on this server.',
    );
    expect(screen.getByRole('heading', { name: 'Usage' })).toBeInTheDocument();
    expect(meter('Rows written today')).toHaveTextContent('99,000 · no daily limit');
    expect(meter('Rows read today')).toHaveTextContent('4,900,000 · no daily limit');
    expect(meter('Storage')).toHaveTextContent('12.5 MB · no limit');
    expect(screen.queryByText(/of 100,000|of 5 GB|Free plan|per day/)).not.toBeInTheDocument();
    // near what D1's free plan allows, but nothing limits a local file: no warning
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('turns amber at 75 %, red at 90 %, and names each in the warning banner', async () => {
    fetchMock = serveStats('/resources/cloudflare', [
      envelope(databaseStatsSample({ usage: { rowsRead: 4_600_000, rowsWritten: 75_000 } })),
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
      envelope(databaseStatsSample({ performance: { queryDuration } })),
    ]);
    renderWithProviders(<CloudflareResourcesPage />);

    expect(await screen.findByLabelText('Query duration')).toHaveTextContent(
      `Query duration${shown}${rating}`,
    );
  });

  it('lists the rows of each table when the server sends them', async () => {
    fetchMock = serveStats('/resources/cloudflare', [
      envelope(
        databaseStatsSample({
          tables: [
            { name: '__drizzle_migrations', rows: 10, purpose: 'bookkeeping' },
            { name: 'leads', rows: 10_000, purpose: 'business' },
            { name: 'refresh_tokens', rows: 31, purpose: 'bookkeeping' },
            { name: 'users', rows: 4, purpose: 'business' },
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
    const bookkeeping = screen.getByRole('table', { name: 'Rows per bookkeeping table' });
    expect(
      within(bookkeeping)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['TableRows', '__drizzle_migrations10', 'refresh_tokens31']);
    expect(screen.getByRole('heading', { name: 'App bookkeeping' })).toBeInTheDocument();
  });
});
