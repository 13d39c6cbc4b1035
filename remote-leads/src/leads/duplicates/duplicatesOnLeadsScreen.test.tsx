import { authStore, type PossibleDuplicates, type Role } from '@auditdesk/shared';
import { renderRoutes } from '@auditdesk/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch } from '../../../../scripts/jest/fetchMock';
import LeadsPage from '../LeadsPage';

jest.setTimeout(30_000);

const lead = (id: number, customerName: string, day: number) => ({
  id,
  leadId: `l${id}`,
  source: 'manual',
  isFormatted: true,
  allDay: false,
  customerName,
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
  scheduledDate: new Date(Date.UTC(2025, 2, day, 15)).toISOString(),
  endDate: null,
  week: 1,
  linkId: '',
  comments: '',
  lastSyncedAt: null,
  version: 1,
});
const LEADS = [
  lead(1, 'Jane Doe', 10),
  lead(2, 'Jane Doe (2nd visit)', 12),
  lead(3, 'Tom Lee', 11),
  lead(4, 'Grace Kim', 9),
  lead(5, 'Grace Kim', 8),
];
const summary = (id: number) => {
  const { leadId, customerName, scheduledDate, allDay, isFormatted } = LEADS.find((one) => one.id === id)!;
  return { id, leadId, customerName, scheduledDate, allDay, isFormatted };
};
/** Jane's two leads share a phone; Grace's two their name and address; Tom none. */
const DUPLICATES: PossibleDuplicates = {
  groups: [
    { reason: 'phone', cluster: 0, leadIds: [2, 1] },
    { reason: 'nameAndAddress', cluster: 1, leadIds: [4, 5] },
  ],
  dismissed: [],
  leads: [2, 1, 4, 5].map(summary),
};
const NONE: PossibleDuplicates = { groups: [], dismissed: [], leads: [] };

function serve({ failures = 0 } = {}) {
  let duplicates = DUPLICATES;
  let failing = failures;
  return mockFetch(({ url, method }) => {
    if (url === '/api/leads/duplicates' && failing > 0) {
      failing -= 1;
      return json(503, { title: 'Service Unavailable', status: 503, detail: 'The database did not answer.' });
    }
    if (url.startsWith('/api/leads/duplicates/dismissals')) {
      duplicates = method === 'POST' ? NONE : DUPLICATES;
      return new Response(null, { status: 204 });
    }
    if (url === '/api/leads/duplicates') return json(200, duplicates);
    const detail = /^\/api\/leads\/(\d+)$/.exec(url);
    if (detail) {
      const lead = LEADS.find((candidate) => candidate.id === Number(detail[1]));
      return lead ? json(200, { ...lead, officeValues: [], calendarDeletedAt: null }) : json(404);
    }
    if (url.startsWith('/api/leads')) return json(200, LEADS);
    if (url === '/api/business') return json(200, { timeZone: 'America/New_York' });
    return json(404);
  });
}

function signInAs(role: Role) {
  authStore
    .getState()
    .setSession({ token: 'a.b.c', refreshToken: null }, { id: '1', email: 'x@example.com', name: 'X', role });
}
const render = (path = '/leads') => renderRoutes([{ path: '/leads', element: <LeadsPage /> }], path);
const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]!.textContent);

describe('possible duplicates on the leads screen', () => {
  let fetchMock: ReturnType<typeof mockFetch> | undefined;
  afterEach(() => {
    fetchMock?.restore();
    act(() => authStore.getState().clearSession());
  });

  it('marks the leads that have possible duplicates, and tells which, when and why', async () => {
    signInAs('User');
    fetchMock = serve();
    render();
    await screen.findByText('Showing 1 to 5 of 5 results');
    const marks = await screen.findAllByTestId('duplicate-mark');
    expect(marks.map((mark) => mark.getAttribute('aria-label'))).toEqual([
      'Possible duplicates of Jane Doe',
      'Possible duplicates of Jane Doe (2nd visit)',
      'Possible duplicates of Grace Kim',
      'Possible duplicates of Grace Kim',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Possible duplicates of Jane Doe' }));
    const list = await screen.findByTestId('duplicate-list');
    expect(list).toHaveTextContent(
      'Possible duplicate ofJane Doe (2nd visit)03/12/2025 11:00 AM · same phone',
    );
    expect(within(list).getByRole('link', { name: 'Jane Doe (2nd visit)' })).toHaveAttribute(
      'href',
      '/leads?q=l2',
    );
    // a User reads them; only Admin and Manager may say "not a duplicate"
    expect(within(list).queryByRole('button', { name: /not a duplicate/ })).not.toBeInTheDocument();
  });

  it('opens a named lead for a User to read (issue 37, item 8)', async () => {
    signInAs('User');
    fetchMock = serve();
    const { router } = render();
    await userEvent.click(await screen.findByRole('button', { name: 'Possible duplicates of Jane Doe' }));
    await userEvent.click(await screen.findByRole('link', { name: 'Jane Doe (2nd visit)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Jane Doe (2nd visit)' });
    expect(within(dialog).getByTestId('lead-view')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(router.state.location.search).toBe('');
  });

  it('opens a named lead in its dialog for Admin and Manager', async () => {
    signInAs('Admin');
    fetchMock = serve();
    const { router } = render();
    await userEvent.click(await screen.findByRole('button', { name: 'Possible duplicates of Jane Doe' }));
    await userEvent.click(await screen.findByRole('link', { name: 'Jane Doe (2nd visit)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Lead' });
    expect(within(dialog).getByLabelText(/Customer Name/)).toHaveValue('Jane Doe (2nd visit)');
    expect(router.state.location.search).toBe('');
  });

  it('lists only the possible duplicates, group by group, with the filter kept in the URL', async () => {
    signInAs('User');
    fetchMock = serve();
    const { router } = render();
    const filter = await screen.findByRole('checkbox', { name: 'Possible duplicates (4)' });
    await userEvent.click(filter);
    await waitFor(() => expect(router.state.location.search).toBe('?duplicates=only'));
    expect(await screen.findByText('Showing 1 to 4 of 4 results')).toBeInTheDocument();
    expect(names()).toEqual(['Jane Doe', 'Jane Doe (2nd visit)', 'Grace Kim', 'Grace Kim']);
    expect(screen.getByLabelText('Total Leads')).toHaveTextContent('4');
  });

  it('opens a link with the filter on as it was', async () => {
    signInAs('User');
    fetchMock = serve();
    render('/leads?duplicates=only&sort=-scheduledDate');
    expect(await screen.findByText('Showing 1 to 4 of 4 results')).toBeInTheDocument();
    // the sort orders the rows inside each group
    expect(names()).toEqual(['Jane Doe (2nd visit)', 'Jane Doe', 'Grace Kim', 'Grace Kim']);
    expect(screen.getByRole('checkbox', { name: 'Possible duplicates (4)' })).toBeChecked();
  });

  it('lets a Manager say two leads are not a duplicate, and undo it', async () => {
    signInAs('Manager');
    fetchMock = serve();
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Possible duplicates of Jane Doe' }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Jane Doe (2nd visit) is not a duplicate of Jane Doe' }),
    );
    expect(
      await screen.findByText(
        'Jane Doe and Jane Doe (2nd visit) are no longer shown as possible duplicates.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryAllByTestId('duplicate-mark')).toHaveLength(0));
    const writes = fetchMock.calls.filter((call) => call.method !== 'GET');
    expect(writes.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'POST', url: '/api/leads/duplicates/dismissals', body: { a: 1, b: 2 } },
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.getAllByTestId('duplicate-mark')).toHaveLength(4));
    expect(fetchMock.calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/leads/duplicates/dismissals?a=1&b=2',
    ]);
  });

  it('says why the filter has nothing to list when the duplicates could not be loaded, and tries again', async () => {
    signInAs('User');
    // the first read and its one automatic retry fail
    fetchMock = serve({ failures: 2 });
    render('/leads?duplicates=only');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The possible duplicates could not be loaded');
    expect(alert).toHaveTextContent('The database did not answer.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Showing 1 to 4 of 4 results')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('takes an answer of another shape for a failure, and the table stays', async () => {
    signInAs('User');
    fetchMock = mockFetch(({ url }) =>
      url.startsWith('/api/leads') ? json(200, LEADS) : json(200, { timeZone: 'America/New_York' }),
    );
    render('/leads?duplicates=only');
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'The server answered something other than the possible duplicates. Reload the page.',
    );
    expect(screen.queryAllByTestId('duplicate-mark')).toHaveLength(0);
  });
});
