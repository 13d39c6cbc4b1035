import { authStore } from '@auditdesk/shared';
import { renderWithProviders } from '@auditdesk/shared/testing';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch } from '../../../../scripts/jest/fetchMock';
import LeadsPage from '../LeadsPage';

jest.setTimeout(30_000);

const JANE = {
  id: 1,
  leadId: 'jane@test',
  source: 'calendar',
  isFormatted: true,
  customerName: 'Jane Doe',
  address: '12 Elm St, Boston',
  email: 'jane@example.com',
  phoneNumber: '(617) 555-0142',
  auditor: 'Sam Rivera',
  houseType: '2 Family',
  heatingFuel: 'Gas',
  provider: 'National Grid',
  referredBy: '',
  scheduledBy: 'Maria',
  status: 'Scheduled',
  scheduledDate: '2025-03-04T15:00:00.000Z',
  endDate: '2025-03-04T16:30:00.000Z',
  week: 2,
  linkId: '',
  comments: 'Side door',
  lastSyncedAt: null,
  createdAt: '2025-02-01T00:00:00.000Z',
  updatedAt: '2025-02-01T00:00:00.000Z',
  needsReview: false,
  version: 3,
};

// Issue 37, item 8: every role opens a lead to read it; editing stays with Admin and Manager.
describe('a User opens a lead', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    authStore
      .getState()
      .setSession(
        { token: 'a.b.c', refreshToken: null },
        { id: '1', email: 'user@example.com', name: 'U', role: 'User' },
      );
    fetchMock = mockFetch(({ url, method }) => {
      if (method !== 'GET') return json(403);
      if (url === '/api/leads/duplicates') return json(200, { groups: [], dismissed: [], leads: [] });
      if (url.startsWith('/api/leads/1/history'))
        return json(200, {
          items: [
            {
              id: 9,
              leadId: 1,
              kind: 'created',
              field: null,
              oldValue: null,
              newValue: null,
              at: '2025-02-01T00:00:00.000Z',
              by: { kind: 'sync', runId: 4 },
              action: null,
            },
          ],
          total: 1,
          page: 1,
          pageSize: 200,
        });
      if (url === '/api/leads/1') return json(200, { ...JANE, officeValues: [], calendarDeletedAt: null });
      if (url.startsWith('/api/leads/calendar-not-formatted')) return json(200, []);
      if (url.startsWith('/api/leads')) return json(200, [JANE]);
      if (url === '/api/business') return json(200, { timeZone: 'America/New_York', writeBack: 'off' });
      if (url === '/api/views') return json(200, { views: [], defaultViewId: null });
      return json(404);
    });
  });
  afterEach(() => {
    fetchMock.restore();
    act(() => authStore.getState().clearSession());
  });

  it('sees its fields, the address with the map link, the time and the history, and no way to edit', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LeadsPage />);
    expect(await screen.findByText('Jane Doe')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Jane Doe' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open Jane Doe' }));
    const view = await screen.findByTestId('lead-view');
    expect(within(view).getByText('03/04/2025 10:00 AM – 11:30 AM')).toBeInTheDocument();
    expect(within(view).getByRole('link', { name: '12 Elm St, Boston' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=12%20Elm%20St%2C%20Boston',
    );
    for (const text of ['(617) 555-0142', 'jane@example.com', 'Sam Rivera', 'Side door', 'Week 2'])
      expect(within(view).getByText(text)).toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Jane Doe' });
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    await user.click(within(dialog).getByRole('tab', { name: 'History' }));
    expect(await within(dialog).findByText('Sync #4 created the lead')).toBeInTheDocument();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens it by clicking its row too', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LeadsPage />);
    await user.click(await screen.findByText('Sam Rivera'));
    expect(await screen.findByTestId('lead-view')).toBeInTheDocument();
  });
});
