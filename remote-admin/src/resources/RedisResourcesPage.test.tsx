import { renderWithProviders } from '@auditdesk/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { mockFetch } from '../../../scripts/jest/fetchMock';
import { barColor, card, envelope, meter, serveStats } from '../../../scripts/jest/resourcePages';
import RedisResourcesPage from './RedisResourcesPage';
import { cacheStatsSample, MB } from './redis/cacheStatsSample';

const line = (label: string) => screen.getByLabelText(label);

describe('RedisResourcesPage', () => {
  let fetchMock: ReturnType<typeof mockFetch> | undefined;
  afterEach(() => fetchMock?.restore());

  it('shows the server, its uptime, the plan, and memory, keys and clients against the limits', async () => {
    fetchMock = serveStats('/resources/redis', [envelope(cacheStatsSample())]);
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
        cacheStatsSample({
          usage: { usedMemory: 48 * MB, connectedClients: 95 },
          limits: { maxConnections: 100 },
        }),
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
      envelope(
        cacheStatsSample({ limits: { maxMemory: 0, maxConnections: null }, usage: { usedMemory: 1536 } }),
      ),
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
    fetchMock = serveStats('/resources/redis', [envelope(cacheStatsSample({ performance: { hitRate } }))]);
    renderWithProviders(<RedisResourcesPage />);

    const hitRateLine = await screen.findByLabelText('Hit rate');
    expect(hitRateLine).toHaveTextContent(`${hitRate.toFixed(1)}%${rating}`);
    expect(screen.queryByText('Performance tip') !== null).toBe(tip);
  });

  it('shows no rating before the first lookup', async () => {
    fetchMock = serveStats('/resources/redis', [
      envelope(cacheStatsSample({ performance: { hitRate: null, keyspaceHits: 0, keyspaceMisses: 0 } })),
    ]);
    renderWithProviders(<RedisResourcesPage />);

    expect(await screen.findByLabelText('Hit rate')).toHaveTextContent(/^Hit rateNo lookups yet$/);
    expect(screen.queryByText('Performance tip')).not.toBeInTheDocument();
  });

  it('shows uptime in hours and minutes, or minutes', async () => {
    fetchMock = serveStats('/resources/redis', [
      envelope(cacheStatsSample({ serverInfo: { uptime: 3 * 3600 + 12 * 60 } })),
      envelope(cacheStatsSample({ serverInfo: { uptime: 45 * 60 + 59 } })),
    ]);
    renderWithProviders(<RedisResourcesPage />);

    expect(await screen.findByText('3h 12m')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('45m')).toBeInTheDocument();
  });
});
