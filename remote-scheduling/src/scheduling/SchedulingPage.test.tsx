import { authStore } from '@auditdesk/shared';
import {
  gridRecord as record,
  readWorkbook,
  renderRoutes,
  renderWithProviders,
} from '@auditdesk/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch } from '../../../scripts/jest/fetchMock';
import { PERIOD_STORAGE_KEY } from './period';
import SchedulingPage from './SchedulingPage';

/** Week 2 of March 2025: `count` leads, all scheduled, none cancelled or referred. */
const weekTwo = (auditor: string, count: number, fuelTypes: Record<string, number>) =>
  record({
    week: 2,
    auditor,
    customersCount: count,
    leadsCount: count,
    totalLeadsCount: count,
    cancelledLeadsCount: 0,
    referralsCount: 0,
    fuelTypes,
    providers: {},
    houseTypes: {},
  });
const RECORDS = [
  record({
    completedLeadsCount: 1,
    fuelTypes: { Gas: 2 },
    providers: { EverSource: 2 },
    houseTypes: { '2 Family': 2 },
  }),
  weekTwo('Alex Chen', 1, { Oil: 1 }),
  weekTwo('Pat Morgan', 9, {}),
];

/** February 2025, the month before the saved March: fewer leads, more of them cancelled. */
const FEBRUARY = [record({ customersCount: 2, leadsCount: 2, totalLeadsCount: 2, cancelledLeadsCount: 0 })];

function serve(
  gridStatus: number | (() => number) = 200,
  earlier: unknown[] = FEBRUARY,
  /** Grid data of other periods, by URL. */
  others: Record<string, unknown[]> = {},
  auditors = ['Sam Rivera', 'Alex Chen'],
) {
  return mockFetch(({ url }) => {
    if (others[url]) return json(200, others[url]);
    if (url.startsWith('/api/scheduling/auditors')) return json(200, { auditors });
    if (url === '/api/leads/grid-data?startDate=2025-02-01&endDate=2025-02-28') return json(200, earlier);
    if (url.startsWith('/api/leads/grid-data')) {
      const status = typeof gridStatus === 'function' ? gridStatus() : gridStatus;
      return status === 200 ? json(200, RECORDS) : json(status, { detail: 'The database is busy.' });
    }
    return json(404);
  });
}

async function pick(label: string, option: string) {
  await userEvent.click(screen.getByRole('textbox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

const gridCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.calls.filter((call) => call.url.startsWith('/api/leads/grid-data')).map((call) => call.url);

// jsdom lays nothing out, so recharts warns that its container has no size
const quietRecharts = jest
  .spyOn(console, 'warn')
  .mockImplementation((message: unknown, ...rest: unknown[]) => {
    if (typeof message === 'string' && message.includes('of chart should be greater than 0')) return;
    process.stderr.write(`${String(message)} ${rest.join(' ')}\n`);
  });
afterAll(() => quietRecharts.mockRestore());

// the page renders its table and chart in jsdom at every step: seconds on a busy 2-core machine
jest.setTimeout(30_000);

describe('SchedulingPage', () => {
  let fetchMock: ReturnType<typeof mockFetch> | undefined;
  beforeEach(() =>
    localStorage.setItem(
      PERIOD_STORAGE_KEY,
      JSON.stringify({ startMonth: 3, startYear: 2025, endMonth: 3, endYear: 2025 }),
    ),
  );
  afterEach(() => fetchMock?.restore());

  it('asks for the saved period and shows the KPIs of the two auditors only', async () => {
    fetchMock = serve();
    renderWithProviders(<SchedulingPage />);
    expect(await screen.findByTestId('stat-Total Leads')).toHaveTextContent('4');
    expect(screen.getByTestId('stat-Cancelled')).toHaveTextContent('1');
    expect(screen.getByText('25.0% cancellation rate')).toBeInTheDocument();
    expect(
      fetchMock.calls.some(
        (call) => call.url === '/api/leads/grid-data?startDate=2025-03-01&endDate=2025-03-31',
      ),
    ).toBe(true);
  });

  it('saves a changed period, here and for the person, and asks for its dates', async () => {
    fetchMock = serve();
    authStore.getState().setTokens({ token: 'a.b.c', refreshToken: null });
    renderWithProviders(<SchedulingPage />);
    await screen.findByTestId('stat-Total Leads');
    await userEvent.click(screen.getByRole('textbox', { name: 'End Month' }));
    await userEvent.click(await screen.findByRole('option', { name: 'May' }));
    expect(JSON.parse(localStorage.getItem(PERIOD_STORAGE_KEY)!)).toEqual({
      startMonth: 3,
      startYear: 2025,
      endMonth: 5,
      endYear: 2025,
    });
    expect(
      fetchMock.calls.some(
        (call) => call.url === '/api/leads/grid-data?startDate=2025-03-01&endDate=2025-05-31',
      ),
    ).toBe(true);
    await waitFor(() =>
      expect(fetchMock!.calls.find((call) => call.method === 'PUT')).toMatchObject({
        url: '/api/preferences',
        body: { periodRange: { startMonth: 3, startYear: 2025, endMonth: 5, endYear: 2025 } },
      }),
    );
    authStore.getState().clearSession();
  });

  it('shows how each KPI moved against the period before, coloured by which way is better', async () => {
    fetchMock = serve();
    renderWithProviders(<SchedulingPage />);
    expect(await screen.findByTestId('trend-Total Leads')).toHaveTextContent(
      '▲ 2 (+100.0%) vs 2/2025 - 2/2025',
    );
    expect(screen.getByTestId('trend-Cancelled')).toHaveTextContent('▲ 1 vs 2/2025 - 2/2025');
    expect(screen.getByTestId('trend-Cancelled')).toHaveAccessibleName(/worse$/);
    expect(screen.getByTestId('trend-Total Leads')).toHaveAccessibleName(/better$/);
  });

  it('opens the leads behind each number: a KPI card, a month and a week of one auditor', async () => {
    fetchMock = serve();
    renderWithProviders(<SchedulingPage />);
    const cancelled = within(await screen.findByTestId('stat-Cancelled')).getByRole('link');
    expect(cancelled).toHaveAttribute(
      'href',
      '/leads?from=2025-03-01&to=2025-03-31&f.auditor=%3DSam+Rivera%7CAlex+Chen&f.status=%3DCancelled',
    );
    const table = screen.getByTestId('comparison-table');
    const hrefs = within(table)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    // March 2025, Alex Chen's customers: every lead of his that is not cancelled
    expect(hrefs).toContain(
      '/leads?from=2025-03-01&to=2025-03-31&f.auditor=%3DAlex+Chen&f.status=%21%3DCancelled',
    );
    // week 2 of it, his oil customers
    expect(hrefs).toContain(
      '/leads?from=2025-03-01&to=2025-03-31&f.auditor=%3DAlex+Chen&f.heatingFuel=%3DGas%7COil%7CPropane%7CElectricity&f.status=%21%3DCancelled&f.weekView=%3DWeek+2',
    );
  });

  it('adds the same month a year earlier under each month, its numbers opening their leads', async () => {
    fetchMock = serve(200, FEBRUARY, {
      '/api/leads/grid-data?startDate=2024-03-01&endDate=2024-03-31': [
        record({ year: 2024, customersCount: 7, completedLeadsCount: 4 }),
      ],
    });
    renderWithProviders(<SchedulingPage />);
    await screen.findByTestId('comparison-table');
    expect(screen.queryByTestId('year-earlier-row')).not.toBeInTheDocument();
    expect(gridCalls(fetchMock)).not.toContain(
      '/api/leads/grid-data?startDate=2024-03-01&endDate=2024-03-31',
    );
    await userEvent.click(screen.getByRole('switch', { name: 'Same month a year earlier' }));
    const row = await screen.findByTestId('year-earlier-row');
    expect(row).toHaveTextContent(/^March 2024/);
    const customers = within(row).getAllByRole('link')[0]!;
    expect(customers).toHaveTextContent('7');
    expect(customers).toHaveAttribute(
      'href',
      '/leads?from=2024-03-01&to=2024-03-31&f.auditor=%3DSam+Rivera&f.status=%21%3DCancelled',
    );
    // Alex had nothing a year earlier: zeros, not a gap
    expect(within(row).getAllByRole('link')[1]).toHaveTextContent('0');
    await userEvent.click(screen.getByRole('switch', { name: 'Same month a year earlier' }));
    expect(screen.queryByTestId('year-earlier-row')).not.toBeInTheDocument();
  });

  it('compares any two of more auditors, the pair in the URL; with two the screen is unchanged', async () => {
    fetchMock = serve();
    const { unmount } = renderWithProviders(<SchedulingPage />);
    await screen.findByTestId('comparison-table');
    expect(screen.queryByTestId('auditor-pair')).not.toBeInTheDocument();
    unmount();
    fetchMock.restore();

    fetchMock = serve(200, FEBRUARY, {}, ['Sam Rivera', 'Alex Chen', 'Pat Morgan']);
    const { router } = renderRoutes([{ path: '*', element: <SchedulingPage /> }], '/scheduling');
    await screen.findByTestId('auditor-pair');
    expect(await screen.findByTestId('stat-Total Leads')).toHaveTextContent('4'); // Sam 3, Alex 1
    await userEvent.click(screen.getByRole('textbox', { name: 'Second auditor' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Pat Morgan' }));
    expect(router.state.location.search).toBe('?compare=Sam+Rivera&compare=Pat+Morgan');
    await waitFor(() => expect(screen.getByTestId('stat-Total Leads')).toHaveTextContent('12')); // Sam 3, Pat 9
    expect(screen.getByTestId('auditor-legend')).toHaveTextContent('Pat');
    const hrefs = within(screen.getByTestId('comparison-table'))
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toContain(
      '/leads?from=2025-03-01&to=2025-03-31&f.auditor=%3DPat+Morgan&f.status=%21%3DCancelled',
    );
  });

  it('says so when the period before has no data', async () => {
    fetchMock = serve(200, []);
    renderWithProviders(<SchedulingPage />);
    expect(await screen.findByTestId('trend-Total Leads')).toHaveTextContent('No data before');
  });

  it('sets the four selectors from a quick period, saves it and marks it chosen', async () => {
    fetchMock = serve();
    renderWithProviders(<SchedulingPage />);
    await screen.findByTestId('stat-Total Leads');
    const presets = screen.getByRole('group', { name: 'Quick periods' });
    await userEvent.click(within(presets).getByRole('button', { name: 'Year to date' }));
    const today = new Date();
    const expected = {
      startMonth: 1,
      startYear: today.getFullYear(),
      endMonth: today.getMonth() + 1,
      endYear: today.getFullYear(),
    };
    expect(JSON.parse(localStorage.getItem(PERIOD_STORAGE_KEY)!)).toEqual(expected);
    expect(screen.getByRole('textbox', { name: 'Start Month' })).toHaveValue('January');
    expect(within(presets).getByRole('button', { name: 'Year to date' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(presets).getByRole('button', { name: 'Last month' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    const pad = (n: number) => String(n).padStart(2, '0');
    await waitFor(() =>
      expect(
        fetchMock!.calls.some((call) =>
          call.url.startsWith(
            `/api/leads/grid-data?startDate=${today.getFullYear()}-01-01&endDate=${today.getFullYear()}-${pad(today.getMonth() + 1)}-`,
          ),
        ),
      ).toBe(true),
    );
  });

  it('expands and collapses a category, and all of them', async () => {
    fetchMock = serve();
    renderWithProviders(<SchedulingPage />);
    const table = await screen.findByTestId('comparison-table');
    expect(within(table).queryByRole('columnheader', { name: 'Propane' })).not.toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Fuel Types' }));
    expect(within(table).getByRole('columnheader', { name: 'Propane' })).toHaveAttribute('colspan', '2');
    expect(within(table).queryByRole('columnheader', { name: 'EverSource' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Expand All' }));
    expect(within(table).getByRole('columnheader', { name: 'EverSource' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Collapse All' }));
    expect(within(table).queryByRole('columnheader', { name: 'Propane' })).not.toBeInTheDocument();
    // Collapse All folds the months too; a month's header shows its weeks again
    expect(within(table).queryByRole('cell', { name: 'Week 2' })).not.toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'March 2025' }));
    expect(within(table).getAllByRole('cell', { name: 'Week 2' })).toHaveLength(1);
  });

  it("shows 'Error Loading Scheduling Data' with the error, keeps the period selectors, and Retry loads again", async () => {
    let status = 500;
    fetchMock = serve(() => status);
    renderWithProviders(<SchedulingPage />);
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('Error Loading Scheduling Data');
    expect(alert).toHaveTextContent('The database is busy.');
    expect(screen.getByRole('textbox', { name: 'Start Month' })).toBeInTheDocument();
    status = 200;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('stat-Total Leads')).toHaveTextContent('4');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('moves the end along when the start is chosen after it, and never asks for a reversed period', async () => {
    fetchMock = serve();
    renderWithProviders(<SchedulingPage />);
    await screen.findByTestId('stat-Total Leads');
    await pick('Start Month', 'May');
    expect(screen.getByRole('status')).toHaveTextContent(
      'The end moved to May 2025: a period cannot end before it starts.',
    );
    expect(screen.getByRole('textbox', { name: 'End Month' })).toHaveValue('May');
    expect(JSON.parse(localStorage.getItem(PERIOD_STORAGE_KEY)!)).toEqual({
      startMonth: 5,
      startYear: 2025,
      endMonth: 5,
      endYear: 2025,
    });
    await waitFor(() =>
      expect(gridCalls(fetchMock!)).toContain('/api/leads/grid-data?startDate=2025-05-01&endDate=2025-05-31'),
    );
    expect(screen.queryByText('Error Loading Scheduling Data')).not.toBeInTheDocument();
    const ordered = (url: string) => {
      const params = new URL(url, 'http://x').searchParams;
      return params.get('startDate')! <= params.get('endDate')!;
    };
    expect(gridCalls(fetchMock!).every(ordered)).toBe(true);
  });

  it('is not trapped by a reversed period saved earlier', async () => {
    localStorage.setItem(
      PERIOD_STORAGE_KEY,
      JSON.stringify({ startMonth: 9, startYear: 2025, endMonth: 3, endYear: 2025 }),
    );
    jest.spyOn(console, 'warn').mockImplementationOnce(() => {});
    fetchMock = serve();
    renderWithProviders(<SchedulingPage />);
    expect(await screen.findByTestId('stat-Total Leads')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Start Month' })).toBeInTheDocument();
    const params = new URL(gridCalls(fetchMock)[0]!, 'http://x').searchParams;
    expect(params.get('startDate')! <= params.get('endDate')!).toBe(true);
  });

  it("says what the total counts: 'In the selected period'", async () => {
    fetchMock = serve();
    renderWithProviders(<SchedulingPage />);
    const card = (await screen.findByTestId('stat-Total Leads')).closest('[aria-label="Total Leads"]')!;
    expect(card).toHaveTextContent('In the selected period');
    expect(card).not.toHaveTextContent('All time leads');
  });

  it('folds and unfolds a month from the keyboard', async () => {
    fetchMock = serve();
    renderWithProviders(<SchedulingPage />);
    const table = await screen.findByTestId('comparison-table');
    const month = within(table).getByRole('button', { name: 'March 2025' });
    month.focus();
    await userEvent.keyboard('{Enter}');
    expect(month).toHaveAttribute('aria-expanded', 'false');
    expect(within(table).queryByRole('cell', { name: 'Week 2' })).not.toBeInTheDocument();
    await userEvent.keyboard(' ');
    expect(within(table).getByRole('cell', { name: 'Week 2' })).toBeInTheDocument();
  });

  it('exports the whole comparison, every category unfolded, as .xlsx', async () => {
    const files: Blob[] = [];
    const create = URL.createObjectURL;
    URL.createObjectURL = (blob: Blob) => (files.push(blob), 'blob:x');
    URL.revokeObjectURL = () => undefined;
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      fetchMock = serve();
      renderWithProviders(<SchedulingPage />);
      await screen.findByTestId('comparison-table');
      await userEvent.click(screen.getByRole('button', { name: 'Export as Excel (.xlsx)' }));
      await waitFor(() => expect(files).toHaveLength(1));
      expect(click.mock.contexts[0]).toHaveProperty(
        'download',
        'scheduling-comparison-2025-03-to-2025-03.xlsx',
      );
      const { rowsOf, workbook } = await readWorkbook(files[0]!);
      const rows = rowsOf(workbook.worksheets[0]!);
      expect(rows[0]!.slice(0, 8)).toEqual([
        'Period',
        'Customers',
        'Customers',
        'Completed',
        'Completed',
        'Cancelled',
        'Cancelled',
        'Units',
      ]);
      expect(rows[1]!.slice(11, 15)).toEqual(['Gas', 'Gas', 'Oil', 'Oil']);
      expect(rows[2]!.slice(0, 3)).toEqual([null, 'Sam Rivera', 'Alex Chen']);
      expect(rows.slice(3).map((row) => row[0])).toEqual(['March 2025', 'Week 1', 'Week 2']);
      // March 2025: Sam 2 customers and 2 gas, Alex 1 customer and 1 oil; Pat Morgan is not there
      expect(rows[3]!.slice(1, 3)).toEqual([2, 1]);
      // Sam: 1 completed, 1 cancelled (not among the customers); Alex: neither
      expect(rows[3]!.slice(3, 7)).toEqual([1, 0, 1, 0]);
      expect(rows[3]!.slice(11, 15)).toEqual([2, 0, 0, 1]);
      expect(rows[0]).toHaveLength(1 + 2 * (5 + 4 + 2 + 4));
    } finally {
      URL.createObjectURL = create;
      click.mockRestore();
    }
  });
});
