import { authStore, SCHEDULED_MEANING } from '@auditdesk/shared';
import { renderWithProviders } from '@auditdesk/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch } from '../../../scripts/jest/fetchMock';
import {
  DANA_SEPTEMBER_LEADS,
  DANA_SEPTEMBER_SCHEDULED,
  OTHER_LEADS,
} from '../../../scripts/jest/fixtures/danaSeptember2025';
import LeadsPage from './LeadsPage';

// the same leads the server's scheduledAgreement test writes, as the API lists them
const LEADS = [...DANA_SEPTEMBER_LEADS, ...OTHER_LEADS].map((lead, index) => ({
  ...lead,
  id: index + 1,
  source: 'calendar',
  isFormatted: true,
  customerName: `Customer ${index + 1}`,
  email: '',
  phoneNumber: '',
  houseType: '2 Family',
  heatingFuel: 'Gas',
  provider: 'National Grid',
  scheduledBy: 'Maria',
  linkId: '',
  comments: '',
  lastSyncedAt: null,
  version: 1,
}));

jest.setTimeout(30_000);
/** The first render of the whole table in jsdom: more than a second on a busy machine. */
const FIRST_RENDER = { timeout: 10_000 };
const card = (label: string) => within(screen.getByLabelText(label)).getByTestId(`stat-${label}`);

describe("the Leads screen's Scheduled card", () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    authStore
      .getState()
      .setSession(
        { token: 'a.b.c', refreshToken: null },
        { id: '1', email: 'x@example.com', name: 'X', role: 'Admin' },
      );
    fetchMock = mockFetch(({ url }) => (url.startsWith('/api/leads') ? json(200, LEADS) : json(404)));
  });
  afterEach(() => {
    fetchMock.restore();
    act(() => authStore.getState().clearSession());
  });

  it('counts Scheduled and Completed, as the Scheduling screen does: Dana, September 2025', async () => {
    renderWithProviders(<LeadsPage />);
    await screen.findByText(`Showing 1 to ${LEADS.length} of ${LEADS.length} results`, {}, FIRST_RENDER);
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2025-09-01' } });
    fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '2025-09-30' } });
    await userEvent.type(screen.getByPlaceholderText('Filter Auditor...'), 'Dana');
    await waitFor(() =>
      expect(screen.getByTestId('leads-footer')).toHaveTextContent(
        `of ${DANA_SEPTEMBER_LEADS.length} results`,
      ),
    );
    expect(card('Total Leads')).toHaveTextContent(String(DANA_SEPTEMBER_LEADS.length));
    expect(card('Scheduled')).toHaveTextContent(String(DANA_SEPTEMBER_SCHEDULED)); // 16 Scheduled + 1 Completed
    expect(card('Cancelled')).toHaveTextContent('2');
  });

  it('says what it counts in a tooltip, the sentence the Scheduling screen shows', async () => {
    renderWithProviders(<LeadsPage />);
    await screen.findByText(`Showing 1 to ${LEADS.length} of ${LEADS.length} results`, {}, FIRST_RENDER);
    await userEvent.hover(screen.getByRole('button', { name: 'What Scheduled counts' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(SCHEDULED_MEANING);
  });
});
