import { SCHEDULED_MEANING } from '@auditdesk/shared';
import { renderWithProviders } from '@auditdesk/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch } from '../../../scripts/jest/fetchMock';
import {
  AUDITORS,
  DANA_SEPTEMBER_GRID,
  DANA_SEPTEMBER_SCHEDULED,
} from '../../../scripts/jest/fixtures/danaSeptember2025';
import { PERIOD_STORAGE_KEY } from './period';
import SchedulingPage from './SchedulingPage';

// jsdom lays nothing out, so recharts warns that its container has no size
const quietRecharts = jest.spyOn(console, 'warn').mockImplementation(() => {});
afterAll(() => quietRecharts.mockRestore());
jest.setTimeout(30_000);

describe("the Scheduling screen's Scheduled card", () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    localStorage.setItem(
      PERIOD_STORAGE_KEY,
      JSON.stringify({ startMonth: 9, startYear: 2025, endMonth: 9, endYear: 2025 }),
    );
    // the grid the server's scheduledAgreement test gets for the leads the Leads screen's test lists
    fetchMock = mockFetch(({ url }) => {
      if (url.startsWith('/api/scheduling/auditors')) return json(200, { auditors: AUDITORS });
      if (url === '/api/leads/grid-data?startDate=2025-09-01&endDate=2025-09-30')
        return json(200, DANA_SEPTEMBER_GRID);
      return json(404);
    });
  });
  afterEach(() => fetchMock.restore());

  it('counts Scheduled and Completed, as the Leads screen does: Dana, September 2025', async () => {
    renderWithProviders(<SchedulingPage />);
    expect(await screen.findByTestId('stat-Scheduled')).toHaveTextContent(String(DANA_SEPTEMBER_SCHEDULED));
    expect(screen.getByTestId('stat-Total Leads')).toHaveTextContent('20');
    expect(screen.getByText('85.0% scheduled rate')).toBeInTheDocument(); // 17 of 20
  });

  it('says what it counts in a tooltip, the sentence the Leads screen shows', async () => {
    renderWithProviders(<SchedulingPage />);
    await screen.findByTestId('stat-Scheduled');
    await userEvent.hover(screen.getByRole('button', { name: 'What Scheduled counts' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(SCHEDULED_MEANING);
  });
});
