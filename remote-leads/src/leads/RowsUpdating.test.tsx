import { authStore } from '@auditdesk/shared';
import { renderRoutes } from '@auditdesk/shared/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch } from '../../../scripts/jest/fetchMock';
import LeadsPage from './LeadsPage';
import { rowsLag } from './RowsUpdating';

jest.setTimeout(30_000);

const lead = (id: number, isFormatted = true) => ({
  id,
  leadId: `l${id}`,
  source: 'calendar',
  isFormatted,
  customerName: isFormatted ? `Customer ${id}` : 'Call Bob',
  email: '',
  phoneNumber: '',
  address: '',
  auditor: isFormatted ? 'Sam Rivera' : '',
  houseType: '2 Family',
  heatingFuel: 'Gas',
  provider: 'National Grid',
  referredBy: '',
  scheduledBy: 'Maria',
  status: 'Scheduled',
  scheduledDate: new Date(Date.UTC(2025, 2, 1 + (id % 28), 14)).toISOString(),
  endDate: null,
  week: 1,
  linkId: '',
  comments: '',
  lastSyncedAt: null,
  version: 1,
});

describe('the rows say when they are being updated', () => {
  let fetchMock: ReturnType<typeof mockFetch> | undefined;
  afterEach(() => {
    fetchMock?.restore();
    act(() => authStore.getState().clearSession());
  });

  it('lag: the filters shown are not the ones asked for, or leads are on their way', () => {
    const filters = { search: 'oak' };
    expect(rowsLag({ asked: filters, shown: filters, fetching: false })).toBe(false);
    expect(rowsLag({ asked: { search: 'oak' }, shown: filters, fetching: false })).toBe(true);
    expect(rowsLag({ asked: filters, shown: filters, fetching: true })).toBe(true);
  });

  it('shows "Updating the rows…" while a view change waits for its leads, and not once they are there', async () => {
    authStore
      .getState()
      .setSession(
        { token: 'a.b.c', refreshToken: null },
        { id: '1', email: 'x@example.com', name: 'X', role: 'User' },
      );
    let arrive: () => void = () => {};
    const unformattedArrive = new Promise<void>((resolve) => (arrive = resolve));
    fetchMock = mockFetch(async ({ url }) => {
      if (url.startsWith('/api/leads/calendar-not-formatted')) {
        await unformattedArrive;
        return json(200, [lead(100, false)]);
      }
      if (url === '/api/leads/duplicates') return json(200, { groups: [], dismissed: [], leads: [] });
      if (url.startsWith('/api/leads')) return json(200, [lead(1), lead(2)]);
      if (url === '/api/business') return json(200, { timeZone: 'America/New_York' });
      if (url === '/api/views') return json(200, { views: [], defaultViewId: null });
      return json(404);
    });
    renderRoutes([{ path: '/leads', element: <LeadsPage /> }], '/leads');
    await screen.findByText('Showing 1 to 2 of 2 results', {}, { timeout: 10_000 });
    await waitFor(() => expect(screen.queryByTestId('rows-updating')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('checkbox', { name: 'Hide Unformatted' }));
    expect(await screen.findByTestId('rows-updating')).toHaveTextContent('Updating the rows…');
    expect(screen.getByTestId('rows-updating').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');

    arrive();
    await screen.findByText('Showing 1 to 3 of 3 results');
    await waitFor(() => expect(screen.queryByTestId('rows-updating')).not.toBeInTheDocument());
  });
});
