import { authStore, type Role } from '@auditdesk/shared';
import { renderWithProviders } from '@auditdesk/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch } from '../../../scripts/jest/fetchMock';
import LeadsPage from './LeadsPage';

const lead = (id: number, overrides: object = {}) => ({
  id,
  leadId: `l${id}`,
  source: 'calendar',
  isFormatted: true,
  customerName: `Customer ${id}`,
  email: '',
  phoneNumber: '',
  auditor: id % 2 ? 'Sam Rivera' : 'Alex Chen',
  houseType: '2 Family',
  heatingFuel: 'Gas',
  provider: 'National Grid',
  referredBy: id % 3 ? '' : 'Tom Lee',
  scheduledBy: 'Maria',
  status: id % 5 ? 'Scheduled' : 'Cancelled',
  scheduledDate: new Date(Date.UTC(2025, 2, 1 + (id % 28), 14)).toISOString(),
  weekView: '',
  linkId: '',
  comments: '',
  lastSyncedAt: null,
  ...overrides,
});
const FORMATTED = Array.from({ length: 60 }, (_, index) => lead(index + 1));
const UNFORMATTED = [lead(100, { isFormatted: false, customerName: 'Call Bob', auditor: '' })];

function serve(overrides: { leads?: () => Response } = {}) {
  return mockFetch(({ url }) => {
    if (url.startsWith('/api/leads/calendar-not-formatted')) return json(200, UNFORMATTED);
    if (url.startsWith('/api/leads')) return overrides.leads?.() ?? json(200, FORMATTED);
    return json(404);
  });
}

function signInAs(role: Role) {
  authStore
    .getState()
    .setSession({ token: 'a.b.c', refreshToken: null }, { id: '1', email: 'x@example.com', name: 'X', role });
}
const footer = () => screen.getByTestId('leads-footer');
const cardValue = (label: string) => within(screen.getByLabelText(label)).getAllByText(/\d/)[0]!.textContent;

describe('LeadsPage', () => {
  let fetchMock: ReturnType<typeof mockFetch> | undefined;
  beforeEach(() => signInAs('Admin'));
  afterEach(() => {
    fetchMock?.restore();
    act(() => authStore.getState().clearSession());
  });

  it('shows a skeleton while loading, then the cards, the table and the footer', async () => {
    fetchMock = serve();
    renderWithProviders(<LeadsPage />);
    expect(screen.getByTestId('leads-skeleton')).toBeInTheDocument();
    expect(await screen.findByText('Showing 1 to 25 of 60 results')).toBeInTheDocument();
    expect([cardValue('Total Leads'), cardValue('Scheduled'), cardValue('Cancelled')]).toEqual([
      '60',
      '48',
      '12',
    ]);
    expect(fetchMock.calls.map((call) => call.url)).toEqual(['/api/leads?excludeCalendarNotFormatted=true']);
  });

  it("shows 'Error Loading Leads' with the error text", async () => {
    fetchMock = serve({ leads: () => json(500, { detail: 'The database is locked.' }) });
    renderWithProviders(<LeadsPage />);
    const panel = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(panel).toHaveTextContent('Error Loading Leads');
    expect(panel).toHaveTextContent('The database is locked.');
  });

  it('tells an empty search from an empty list', async () => {
    fetchMock = serve();
    renderWithProviders(<LeadsPage />);
    await screen.findByText('Showing 1 to 25 of 60 results');
    await userEvent.type(screen.getByPlaceholderText('Search all columns...'), 'nobody at all');
    expect(await screen.findByText('No leads found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search criteria')).toBeInTheDocument();
    expect(footer()).toHaveTextContent('Showing 0 to 0 of 0 results');
  });

  it("says 'Get started by adding your first lead.' when there are none", async () => {
    fetchMock = serve({ leads: () => json(200, []) });
    renderWithProviders(<LeadsPage />);
    expect(await screen.findByText('Get started by adding your first lead.')).toBeInTheDocument();
  });

  it('changes the page size, pages on, and keeps the size for the next visit', async () => {
    fetchMock = serve();
    renderWithProviders(<LeadsPage />);
    await screen.findByText('Showing 1 to 25 of 60 results');
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(footer()).toHaveTextContent('Showing 51 to 60 of 60 results');
    await userEvent.click(screen.getByRole('textbox', { name: 'Show' }));
    await userEvent.click(await screen.findByRole('option', { name: '50' }));
    expect(footer()).toHaveTextContent('Showing 1 to 50 of 60 results');
    expect(localStorage.getItem('leads.pageSize')).toBe('50');
  });

  it("adds the unformatted leads when 'Hide Unformatted' is unchecked, fetched once while fresh", async () => {
    fetchMock = serve();
    renderWithProviders(<LeadsPage />);
    await screen.findByText('Showing 1 to 25 of 60 results');
    const hide = () => screen.getByRole('checkbox', { name: 'Hide Unformatted' });
    expect(hide()).toBeChecked();
    await userEvent.click(hide());
    expect(await screen.findByText('Showing 1 to 25 of 61 results')).toBeInTheDocument();
    await userEvent.click(hide());
    expect(await screen.findByText('Showing 1 to 25 of 60 results')).toBeInTheDocument();
    await userEvent.click(hide());
    expect(await screen.findByText('Showing 1 to 25 of 61 results')).toBeInTheDocument();
    expect(fetchMock.calls.filter((call) => call.url === '/api/leads/calendar-not-formatted')).toHaveLength(
      1,
    );
  });

  it('filters a column, and the Referred by checkboxes exclude each other', async () => {
    fetchMock = serve();
    renderWithProviders(<LeadsPage />);
    await screen.findByText('Showing 1 to 25 of 60 results');
    await userEvent.type(screen.getByPlaceholderText('Filter Auditor...'), 'alex');
    await waitFor(() => expect(footer()).toHaveTextContent('of 30 results'));
    await userEvent.clear(screen.getByPlaceholderText('Filter Auditor...'));
    const empty = screen.getByRole('checkbox', { name: 'Empty' });
    const hideReferred = screen.getByRole('checkbox', { name: 'Hide' });
    await userEvent.click(empty);
    await waitFor(() => expect(footer()).toHaveTextContent('of 40 results'));
    await userEvent.click(hideReferred);
    expect(empty).not.toBeChecked();
    await waitFor(() => expect(footer()).toHaveTextContent('of 20 results'));
  });

  it('shows the default columns and restores them from the Columns menu', async () => {
    fetchMock = serve();
    renderWithProviders(<LeadsPage />);
    await screen.findByText('Showing 1 to 25 of 60 results');
    expect(screen.queryByRole('columnheader', { name: /Phone Number/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Show All' }));
    expect(screen.getByRole('columnheader', { name: /Phone Number/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Default' }));
    expect(screen.queryByRole('columnheader', { name: /Phone Number/ })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('leads.columnVisibility') ?? '{}')).toMatchObject({
      phoneNumber: false,
      linkId: false,
    });
  });

  it('hides the edit actions from a User', async () => {
    act(() => signInAs('User'));
    fetchMock = serve();
    renderWithProviders(<LeadsPage />);
    await screen.findByText('Showing 1 to 25 of 60 results');
    expect(screen.queryByRole('button', { name: 'Add Lead' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
  });
});
