import { authStore, defaultLeadsView, leadsViewQuery, type ImportResult } from '@auditdesk/shared';
import { renderRoutes, renderWithProviders } from '@auditdesk/shared/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch } from '../../../../scripts/jest/fetchMock';
import LeadsPage from '../LeadsPage';
import { onlyImported } from './ImportedLeadsChip';
import { showImportDoneToast } from './importDoneToast';

// rendering the leads table in jsdom takes seconds on a busy 2-core machine
jest.setTimeout(30_000);

const lead = (id: number, overrides: object = {}) => ({
  id,
  leadId: `l${id}`,
  source: 'manual',
  isFormatted: true,
  customerName: `Customer ${id}`,
  address: '',
  email: '',
  phoneNumber: '',
  auditor: 'Sam Rivera',
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
  ...overrides,
});
const LEADS = Array.from({ length: 30 }, (_, index) => lead(index + 1));
const RESULT: ImportResult = { actionId: 9, created: 2, updated: 1, unchanged: 4, skipped: 0 };

function serve() {
  return mockFetch(({ url, method }) => {
    if (method === 'POST' && url === '/api/lead-actions/9/undo')
      return json(200, {
        action: {
          id: 10,
          kind: 'undo',
          label: 'Undo of “import walk-ins.csv”',
          leadCount: 3,
          at: '',
          undoneAt: null,
        },
        leads: [],
      });
    if (url === '/api/leads/import/9/leads')
      return json(200, {
        actionId: 9,
        label: 'import walk-ins.csv',
        at: '',
        undoneAt: null,
        leadIds: [3, 12, 27],
      });
    if (url.startsWith('/api/leads/calendar-not-formatted')) return json(200, []);
    if (url === '/api/leads/duplicates') return json(200, { groups: [], dismissed: [], leads: [] });
    if (url.startsWith('/api/leads')) return json(200, LEADS);
    if (url === '/api/business') return json(200, { timeZone: 'America/New_York' });
    if (url === '/api/views') return json(200, { views: [], defaultViewId: null });
    return json(404);
  });
}

describe('after an import', () => {
  let fetchMock: ReturnType<typeof mockFetch> | undefined;
  beforeEach(() =>
    authStore
      .getState()
      .setSession(
        { token: 'a.b.c', refreshToken: null },
        { id: '1', email: 'x@example.com', name: 'X', role: 'Manager' },
      ),
  );
  afterEach(() => {
    fetchMock?.restore();
    act(() => authStore.getState().clearSession());
  });

  it('the done message offers Undo, which undoes the import as the bulk actions do', async () => {
    fetchMock = serve();
    const show = jest.fn();
    renderWithProviders(<div />);
    act(() => showImportDoneToast('walk-ins.csv', RESULT, show));
    expect(
      await screen.findByText('Imported walk-ins.csv: 2 created, 1 updated, 4 unchanged.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('The import of walk-ins.csv was undone.')).toBeInTheDocument();
    expect(fetchMock.calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/lead-actions/9/undo',
    ]);
    expect(show).not.toHaveBeenCalled();
  });

  it('Show the imported leads opens the leads screen on exactly them, whatever filter was on', async () => {
    fetchMock = serve();
    const { router } = renderRoutes(
      [{ path: '/leads', element: <LeadsPage /> }],
      '/leads?q=Customer+1&page=2',
    );
    expect(await screen.findByText('Showing 1 to 11 of 11 results')).toBeInTheDocument();
    // what the done message's button asks of the leads screen
    const shown = leadsViewQuery({ ...defaultLeadsView(), ...onlyImported(9) }, defaultLeadsView());
    act(() => showImportDoneToast('walk-ins.csv', RESULT, () => void router.navigate(`/leads?${shown}`)));
    await userEvent.click(await screen.findByRole('button', { name: 'Show the imported leads' }));
    await waitFor(() => expect(router.state.location.search).toBe('?unformatted=shown&import=9'));
    expect(
      await screen.findByText('The 3 leads “import walk-ins.csv” created or changed'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Showing 1 to 3 of 3 results')).toBeInTheDocument();
    for (const name of ['Customer 3', 'Customer 12', 'Customer 27'])
      expect(screen.getByRole('cell', { name })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show all leads' }));
    await waitFor(() => expect(router.state.location.search).toBe('?unformatted=shown'));
    expect(await screen.findByText('Showing 1 to 25 of 30 results')).toBeInTheDocument();
  });

  it('an import that wrote nothing says so, without Undo', async () => {
    renderWithProviders(<div />);
    act(() =>
      showImportDoneToast(
        'same.csv',
        { actionId: null, created: 0, updated: 0, unchanged: 4, skipped: 0 },
        jest.fn(),
      ),
    );
    expect(
      await screen.findByText('Imported same.csv: 0 created, 0 updated, 4 unchanged.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });
});
