import type { CacheStats } from '@auditdesk/shared';
import { renderWithProviders } from '@auditdesk/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch } from '../../../scripts/jest/fetchMock';
import { barColor, card, envelope, meter, serveStats } from './common/resourcePageTesting';
import RedisResourcesPage from './RedisResourcesPage';

const MB = 1024 * 1024;

function cacheStats(
  changes: {
    usage?: Partial<CacheStats['usage']>;
    limits?: Partial<CacheStats['limits']>;
    performance?: Partial<CacheStats['performance']>;
    serverInfo?: Partial<CacheStats['serverInfo']>;
  } = {},
): CacheStats {
  return {
    planName: 'Self-hosted',
    serverInfo: {
      product: 'Redis',
      version: '7.0.15',
      uptime: 2 * 86_400 + 5 * 3600 + 120,
      ...changes.serverInfo,
    },
    usage: {
      usedMemory: 16 * MB,
      peakMemory: 20 * MB,
      totalKeys: 1234,
      connectedClients: 12,
      ...changes.usage,
    },
    limits: { maxMemory: 64 * MB, maxConnections: 10_000, ...changes.limits },
    performance: {
      hitRate: 92.5,
      keyspaceHits: 925,
      keyspaceMisses: 75,
      evictedKeys: 3,
      expiredKeys: 41,
      ...changes.performance,
    },
  };
}

const line = (label: string) => screen.getByLabelText(label);

describe('RedisResourcesPage', () => {
  let fetchMock: ReturnType<typeof mockFetch> | undefined;
  afterEach(() => fetchMock?.restore());

  it('shows the server, its uptime, the plan, and memory, keys and clients against the limits', async () => {
    fetchMock = serveStats('/resources/redis', [envelope(cacheStats())]);
    renderWithProviders(<RedisResourcesPage />);

    expect(await screen.findByRole('heading', { name: 'Redis Resources' })).toBeInTheDocument();
    expect(await screen.findByText('Redis 7.0.15')).toBeInTheDocument();
    expect(card('Uptime')).toHaveTextContent('2d 5h');
    expect(card('Plan')).toHaveTextContent('Self-hosted');
    expect(card('Keys')).toHaveTextContent('1,234');
    expect(meter('Memory')).toHaveTextContent('16 MB of 64 MB');
    expect(meter('Memory')).toHaveTextContent('25.0%');
    expect(screen.getByRole('progressbar', { name: 'Memory usage' })).toHaveAttribute('aria-valuenow', '25');
    expect(meter('Clients')).toHaveTextContent('12 of 10,000');
    expect(meter('Memory')).toHaveTextContent('Peak 20 MB');
    expect(meter('Keys')).toHaveTextContent('1,234 · Redis sets no key limit');
    expect(line('Evicted keys')).toHaveTextContent('3');
    expect(line('Expired keys')).toHaveTextContent('41');
    expect(screen.queryByText('Approaching plan limits')).not.toBeInTheDocument();
    expect([barColor('Memory'), barColor('Clients')]).toEqual([
      'var(--mantine-color-green-filled)',
      'var(--mantine-color-green-filled)',
    ]);
  });

  it('turns amber at 75 %, red at 90 %, and names each in the warning banner', async () => {
    fetchMock = serveStats('/resources/redis', [
      envelope(
        cacheStats({ usage: { usedMemory: 48 * MB, connectedClients: 95 }, limits: { maxConnections: 100 } }),
      ),
    ]);
    renderWithProviders(<RedisResourcesPage />);

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Approaching plan limits');
    expect(
      within(banner)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Memory is at 75.0% of its limit.', 'Clients is at 95.0% of its limit.']);
    expect(barColor('Memory')).toBe('var(--mantine-color-yellow-filled)');
    expect(barColor('Clients')).toBe('var(--mantine-color-red-filled)');
  });

  it('says when there is no memory limit (maxmemory 0) or the server did not report maxclients', async () => {
    fetchMock = serveStats('/resources/redis', [
      envelope(cacheStats({ limits: { maxMemory: 0, maxConnections: null }, usage: { usedMemory: 1536 } })),
    ]);
    renderWithProviders(<RedisResourcesPage />);

    expect(await screen.findByText('1.5 KB · no limit (maxmemory 0)')).toBeInTheDocument();
    expect(meter('Clients')).toHaveTextContent('12 · limit not reported by the server');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    [92.5, 'Excellent', false],
    [80, 'Excellent', false],
    [65, 'Good', false],
    [59.9, 'Low', true],
  ])('rates a hit rate of %p %% as %s (tip: %p)', async (hitRate, rating, tip) => {
    fetchMock = serveStats('/resources/redis', [envelope(cacheStats({ performance: { hitRate } }))]);
    renderWithProviders(<RedisResourcesPage />);

    const hitRateLine = await screen.findByLabelText('Hit rate');
    expect(hitRateLine).toHaveTextContent(`${hitRate.toFixed(1)}%${rating}`);
    expect(screen.queryByText('Performance tip') !== null).toBe(tip);
  });

  it('shows no rating before the first lookup', async () => {
    fetchMock = serveStats('/resources/redis', [
      envelope(cacheStats({ performance: { hitRate: null, keyspaceHits: 0, keyspaceMisses: 0 } })),
    ]);
    renderWithProviders(<RedisResourcesPage />);

    expect(await screen.findByLabelText('Hit rate')).toHaveTextContent(/^Hit rateNo lookups yet$/);
    expect(screen.queryByText('Performance tip')).not.toBeInTheDocument();
  });

  it('shows uptime in hours and minutes, or minutes', async () => {
    fetchMock = serveStats('/resources/redis', [
      envelope(cacheStats({ serverInfo: { uptime: 3 * 3600 + 12 * 60 } })),
      envelope(cacheStats({ serverInfo: { uptime: 45 * 60 + 59 } })),
    ]);
    renderWithProviders(<RedisResourcesPage />);

    expect(await screen.findByText('3h 12m')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('45m')).toBeInTheDocument();
  });

  it("shows 'Error Loading Stats' with the server's reason, and Retry loads the stats", async () => {
    fetchMock = serveStats('/resources/redis', [503, envelope(cacheStats())]);
    renderWithProviders(<RedisResourcesPage />);

    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('Error Loading Stats');
    expect(panel).toHaveTextContent('Failed to load Redis stats');
    expect(panel).toHaveTextContent('Refused with 503.');
    await userEvent.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Redis 7.0.15')).toBeInTheDocument();
    expect(screen.queryByText('Error Loading Stats')).not.toBeInTheDocument();
  });

  it("says 'Unknown error' when a failure brings no explanation", async () => {
    fetchMock = mockFetch(() => json(200, { success: false, data: null }));
    renderWithProviders(<RedisResourcesPage />);

    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('Failed to load Redis stats');
    expect(panel).toHaveTextContent('Unknown error');
  });

  it("says 'No stats available' and names REDIS_URL when Redis is not configured", async () => {
    const reason =
      'Redis is not configured on this server: set REDIS_URL (redis:// or rediss://) to use one.';
    fetchMock = serveStats('/resources/redis', [envelope(null, { reason })]);
    renderWithProviders(<RedisResourcesPage />);

    expect(await screen.findByText('No stats available')).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  });

  it('reads the stats afresh on Refresh', async () => {
    fetchMock = serveStats('/resources/redis', [
      envelope(cacheStats()),
      envelope(cacheStats({ usage: { totalKeys: 5000 } })),
    ]);
    renderWithProviders(<RedisResourcesPage />);

    expect(await screen.findByText('Redis 7.0.15')).toBeInTheDocument();
    expect(card('Keys')).toHaveTextContent('1,234');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(card('Keys')).toHaveTextContent('5,000'));
    expect(fetchMock.calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /api/resources/redis',
      'GET /api/resources/redis',
    ]);
  });
});
