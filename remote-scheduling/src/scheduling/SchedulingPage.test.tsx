import { renderWithProviders } from '@auditdesk/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch } from '../../../scripts/jest/fetchMock';
import { PERIOD_STORAGE_KEY } from './period';
import SchedulingPage from './SchedulingPage';

const RECORDS = [
  {
    year: 2025,
    month: 3,
    week: 1,
    auditor: 'Sam Rivera',
    customersCount: 2,
    leadsCount: 2,
    totalLeadsCount: 3,
    cancelledLeadsCount: 1,
    referralsCount: 1,
    fuelTypes: { Gas: 2 },
    providers: { EverSource: 2 },
    houseTypes: { '2 Family': 2 },
  },
  {
    year: 2025,
    month: 3,
    week: 2,
    auditor: 'Alex Chen',
    customersCount: 1,
    leadsCount: 1,
    totalLeadsCount: 1,
    cancelledLeadsCount: 0,
    referralsCount: 0,
    fuelTypes: { Oil: 1 },
    providers: {},
    houseTypes: {},
  },
  {
    year: 2025,
    month: 3,
    week: 2,
    auditor: 'Pat Morgan',
    customersCount: 9,
    leadsCount: 9,
    totalLeadsCount: 9,
    cancelledLeadsCount: 0,
    referralsCount: 0,
    fuelTypes: {},
    providers: {},
    houseTypes: {},
  },
];

function serve(gridStatus = 200) {
  return mockFetch(({ url }) => {
    if (url.startsWith('/api/scheduling/auditors'))
      return json(200, { auditors: ['Sam Rivera', 'Alex Chen'] });
    if (url.startsWith('/api/leads/grid-data'))
      return gridStatus === 200 ? json(200, RECORDS) : json(gridStatus, { detail: 'The database is busy.' });
    return json(404);
  });
}

// jsdom lays nothing out, so recharts warns that its container has no size
const quietRecharts = jest
  .spyOn(console, 'warn')
  .mockImplementation((message: unknown, ...rest: unknown[]) => {
    if (typeof message === 'string' && message.includes('of chart should be greater than 0')) return;
    process.stderr.write(`${String(message)} ${rest.join(' ')}\n`);
  });
afterAll(() => quietRecharts.mockRestore());

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

  it('saves a changed period and asks for its dates', async () => {
    fetchMock = serve();
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
  });

  it('expands and collapses a category, and all of them', async () => {
    fetchMock = serve();
    renderWithProviders(<SchedulingPage />);
    const table = await screen.findByTestId('comparison-table');
    expect(within(table).queryByRole('columnheader', { name: 'Propane' })).not.toBeInTheDocument();
    await userEvent.click(within(table).getAllByRole('button', { name: 'Fuel Types' })[0]!);
    expect(within(table).getAllByRole('columnheader', { name: 'Propane' })).toHaveLength(2);
    expect(within(table).queryByRole('columnheader', { name: 'EverSource' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Expand All' }));
    expect(within(table).getAllByRole('columnheader', { name: 'EverSource' })).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Collapse All' }));
    expect(within(table).queryByRole('columnheader', { name: 'Propane' })).not.toBeInTheDocument();
    // Collapse All folds the months too; a month's header shows its weeks again
    expect(within(table).queryByRole('cell', { name: 'Week 2' })).not.toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'March 2025' }));
    expect(within(table).getAllByRole('cell', { name: 'Week 2' })).toHaveLength(1);
  });

  it("shows 'Error Loading Scheduling Data' with the error", async () => {
    fetchMock = serve(500);
    renderWithProviders(<SchedulingPage />);
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('Error Loading Scheduling Data');
    expect(alert).toHaveTextContent('The database is busy.');
  });
});
