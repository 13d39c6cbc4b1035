import { renderWithProviders } from '@auditdesk/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { json, mockFetch } from '../../../scripts/jest/fetchMock';
import CloudflareResourcesPage from './CloudflareResourcesPage';
import { databaseStatsSample } from './cloudflare/databaseStatsSample';
import { card, envelope, serveStats } from '../../../scripts/jest/resourcePages';
import RedisResourcesPage from './RedisResourcesPage';
import { cacheStatsSample } from './redis/cacheStatsSample';

interface PageCase {
  Page: ComponentType;
  path: string;
  failure: string;
  sample: object;
  /** A stat card, and its value in `sample` and in `changed`. */
  card: [label: string, before: string, after: string];
  changed: object;
  notConfigured?: string;
}

const PAGES: [string, PageCase][] = [
  [
    'Redis Resources',
    {
      Page: RedisResourcesPage,
      path: '/resources/redis',
      failure: 'Failed to load Redis stats',
      sample: cacheStatsSample(),
      card: ['Keys', '1,234', '5,000'],
      changed: cacheStatsSample({ usage: { totalKeys: 5000 } }),
      notConfigured:
        'Redis is not configured on this server: set REDIS_URL (redis:// or rediss://) to use one.',
    },
  ],
  [
    'CloudFlare D1 Resources',
    {
      Page: CloudflareResourcesPage,
      path: '/resources/cloudflare',
      failure: 'Failed to load CloudFlare stats',
      sample: databaseStatsSample(),
      card: ['Total Rows', '10,482', '10,500'],
      changed: { ...databaseStatsSample(), totalRows: 10_500 },
    },
  ],
];

describe.each(PAGES)('%s', (title, page) => {
  let fetchMock: ReturnType<typeof mockFetch> | undefined;
  afterEach(() => fetchMock?.restore());
  const [label, before, after] = page.card;

  it("shows 'Error Loading Stats' with the server's reason, and Retry loads the stats", async () => {
    fetchMock = serveStats(page.path, [503, envelope(page.sample)]);
    renderWithProviders(<page.Page />);

    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('Error Loading Stats');
    expect(panel).toHaveTextContent(page.failure);
    expect(panel).toHaveTextContent('Refused with 503.');
    await userEvent.click(within(panel).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(card(label)).toHaveTextContent(before));
    expect(screen.queryByText('Error Loading Stats')).not.toBeInTheDocument();
  });

  it("says 'Unknown error' when a failure brings no explanation", async () => {
    fetchMock = mockFetch(() => json(200, { success: false, data: null }));
    renderWithProviders(<page.Page />);

    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent(page.failure);
    expect(panel).toHaveTextContent('Unknown error');
  });

  it("says 'No stats available', with the server's reason when it gives one", async () => {
    fetchMock = serveStats(page.path, [
      envelope(null, page.notConfigured ? { reason: page.notConfigured } : {}),
    ]);
    renderWithProviders(<page.Page />);

    const empty = await screen.findByText('No stats available');
    expect(empty.parentElement).toHaveTextContent(`No stats available${page.notConfigured ?? ''}`);
    expect(screen.queryByLabelText(label)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  });

  it('reads the stats afresh on Refresh', async () => {
    fetchMock = serveStats(page.path, [envelope(page.sample), envelope(page.changed)]);
    renderWithProviders(<page.Page />);

    await waitFor(() => expect(card(label)).toHaveTextContent(before));
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(card(label)).toHaveTextContent(after));
    expect(fetchMock.calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `GET /api${page.path}`,
      `GET /api${page.path}`,
    ]);
  });
});
