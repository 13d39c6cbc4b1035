import { authStore, type Role } from '@auditdesk/shared';
import {
  blobText,
  parseCsv,
  readWorkbook,
  renderRoutes,
  renderWithProviders,
} from '@auditdesk/shared/testing';
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
// a whole table renders in jsdom at every step: on a busy 2-core machine that takes seconds
jest.setTimeout(30_000);

const FORMATTED = Array.from({ length: 60 }, (_, index) => lead(index + 1));
const UNFORMATTED = [
  lead(100, { isFormatted: false, customerName: 'Call Bob', auditor: '', houseType: 'condo?' }),
];

function serve(
  overrides: { leads?: () => Response; write?: (method: string, body: unknown) => Response } = {},
) {
  return mockFetch(({ url, method, body }) => {
    if (method !== 'GET')
      return overrides.write?.(method, body) ?? json(200, { ...lead(1), ...(body as object) });
    if (url.startsWith('/api/leads/calendar-not-formatted')) return json(200, UNFORMATTED);
    if (url === '/api/leads/changed-by-run/7') return json(200, { runId: 7, leadIds: [2, 4] });
    if (url === '/api/leads/duplicates') return json(200, { groups: [], dismissed: [], leads: [] });
    if (url.startsWith('/api/leads')) return overrides.leads?.() ?? json(200, FORMATTED);
    if (url === '/api/business') return json(200, { timeZone: 'America/Los_Angeles' });
    if (url === '/api/views') return json(200, { views: [], defaultViewId: null });
    return json(404);
  });
}

/** Catches the file the page hands to the browser's downloads. */
function captureDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  let pending: Blob | null = null;
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  URL.createObjectURL = (blob: Blob) => ((pending = blob), 'blob:leads');
  URL.revokeObjectURL = () => undefined;
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (pending) files.push({ name: this.download, blob: pending });
  });
  return {
    files,
    restore: () => {
      URL.createObjectURL = original.create;
      // jsdom has no revokeObjectURL: the page's delayed revoke must still find one
      if (original.revoke) URL.revokeObjectURL = original.revoke;
      click.mockRestore();
    },
  };
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
    expect(fetchMock.calls.map((call) => call.url).sort()).toEqual([
      '/api/business',
      '/api/leads/duplicates',
      '/api/leads?excludeCalendarNotFormatted=true',
      '/api/views',
    ]);
  });

  describe('the view in the URL', () => {
    const names = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[2]!.textContent);

    it('opens a copied link as it was: filters, sort, page size and page', async () => {
      fetchMock = serve();
      renderRoutes(
        [{ path: '/leads', element: <LeadsPage /> }],
        '/leads?f.auditor=%3DAlex+Chen&f.status=!%3DCancelled&sort=-customerName&size=50',
      );
      expect(await screen.findByText('Showing 1 to 24 of 24 results')).toBeInTheDocument();
      expect(names().slice(0, 3)).toEqual(['Customer 58', 'Customer 56', 'Customer 54']);
      expect(screen.getByRole('textbox', { name: 'Filter Auditor' })).toHaveValue('=Alex Chen');
    });

    it('puts each change in the URL, and back walks through them', async () => {
      fetchMock = serve();
      const { router } = renderRoutes([{ path: '/leads', element: <LeadsPage /> }], '/leads');
      expect(await screen.findByText('Showing 1 to 25 of 60 results')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
      await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
      await userEvent.type(screen.getByPlaceholderText('Search all columns...'), 'Customer 1');
      await waitFor(() => expect(router.state.location.search).toBe('?q=Customer+1'));
      expect(await screen.findByText('Showing 1 to 11 of 11 results')).toBeInTheDocument();

      // the search is one entry, not one per letter: back goes to page 2
      await act(() => router.navigate(-1));
      expect(router.state.location.search).toBe('?page=2');
      expect(await screen.findByText('Showing 26 to 50 of 60 results')).toBeInTheDocument();
      expect(screen.getByPlaceholderText('Search all columns...')).toHaveValue('');
    });
  });

  it('shows only the leads a sync run created or changed when a history row links here, and all again on request', async () => {
    fetchMock = serve();
    const { router } = renderRoutes([{ path: '/leads', element: <LeadsPage /> }], '/leads?run=7');
    expect(await screen.findByText('The 2 leads sync #7 created or changed')).toBeInTheDocument();
    expect(await screen.findByText('Showing 1 to 2 of 2 results')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Customer 2' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show all leads' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('Showing 1 to 25 of 60 results')).toBeInTheDocument();
  });

  it('shows each visit’s day and time in the business time zone, and its address as a map link', async () => {
    fetchMock = serve({
      leads: () =>
        json(200, [
          { ...lead(1), scheduledDate: '2025-03-05T02:00:00.000Z', address: '12 Elm St, Boston, MA' },
        ]),
    });
    renderWithProviders(<LeadsPage />);
    // 02:00 UTC on the 5th is the evening of the 4th in Los Angeles
    expect(await screen.findByRole('cell', { name: '03/04/2025 6:00 PM' })).toBeInTheDocument();
    const address = screen.getByRole('link', { name: '12 Elm St, Boston, MA' });
    expect(address).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=12%20Elm%20St%2C%20Boston%2C%20MA',
    );
    expect(address).toHaveAttribute('target', '_blank');
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
    expect(footer()).toHaveTextContent(/^0 results$/);
  });

  it("says 'Get started by adding your first lead.' when there are none", async () => {
    fetchMock = serve({ leads: () => json(200, []) });
    renderWithProviders(<LeadsPage />);
    expect(await screen.findByText('Get started by adding your first lead.')).toBeInTheDocument();
  });

  const savedPreferences = () =>
    fetchMock!.calls.filter((call) => call.method === 'PUT' && call.url === '/api/preferences').at(-1)?.body;

  it('changes the page size, pages on, and keeps the size for the next visit and the person', async () => {
    fetchMock = serve();
    renderWithProviders(<LeadsPage />);
    await screen.findByText('Showing 1 to 25 of 60 results');
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(footer()).toHaveTextContent('Showing 51 to 60 of 60 results');
    await userEvent.click(screen.getByRole('textbox', { name: 'Show' }));
    await userEvent.click(await screen.findByRole('option', { name: '50' }));
    expect(footer()).toHaveTextContent('Showing 1 to 50 of 60 results');
    expect(localStorage.getItem('leads.pageSize')).toBe('50');
    await waitFor(() => expect(savedPreferences()).toMatchObject({ leadsPageSize: 50 }));
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

  it('gives the focus back to the Edit button when the lead dialog closes', async () => {
    signInAs('Admin');
    fetchMock = serve();
    renderWithProviders(<LeadsPage />);
    await screen.findByText('Showing 1 to 25 of 60 results');
    const edit = screen.getAllByRole('button', { name: /^Edit / })[0]!;
    edit.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Edit Lead' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Lead' })).not.toBeInTheDocument());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getAllByRole('button', { name: /^Edit / })[0]),
    );
  });

  it('marks an unformatted lead with what its event lacks', async () => {
    fetchMock = serve();
    renderWithProviders(<LeadsPage />);
    await screen.findByText('Showing 1 to 25 of 60 results');
    expect(screen.queryByTestId('unformatted-mark')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Hide Unformatted' }));
    await userEvent.type(screen.getByPlaceholderText('Search all columns...'), 'Call Bob');
    const mark = await screen.findByRole('img', { name: /^Unformatted/ });
    expect(mark).toHaveAccessibleName('Unformatted: no auditor, house type not recognised');
    // one mark: the formatted leads carry none
    expect(screen.getAllByTestId('unformatted-mark')).toHaveLength(1);
  });

  it('Hide All keeps the customer name, so rows never show only their edit buttons', async () => {
    fetchMock = serve();
    renderWithProviders(<LeadsPage />);
    await screen.findByText('Showing 1 to 25 of 60 results');
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Hide All' }));
    expect(screen.getByRole('checkbox', { name: /Customer Name/ })).toBeDisabled();
    expect(screen.queryByRole('columnheader', { name: /Scheduled Date/ })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Customer Name/ })).toBeInTheDocument();
    expect(screen.getAllByText(/^Customer \d+$/).length).toBeGreaterThan(0);
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
    await waitFor(() =>
      expect(savedPreferences()).toMatchObject({ leadsColumns: { phoneNumber: false, linkId: false } }),
    );
  });

  it('counts any active filter as a search in the empty state', async () => {
    fetchMock = serve();
    renderWithProviders(<LeadsPage />);
    await screen.findByText('Showing 1 to 25 of 60 results');
    await userEvent.type(screen.getByPlaceholderText('Filter Customer Name...'), 'nobody');
    expect(await screen.findByText('No leads found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search criteria')).toBeInTheDocument();
    expect(screen.queryByText('Get started by adding your first lead.')).not.toBeInTheDocument();
  });

  it('offers Retry on the error panel, which loads the leads again', async () => {
    let fail = true;
    fetchMock = serve({
      leads: () => (fail ? json(500, { detail: 'The database is locked.' }) : json(200, FORMATTED)),
    });
    renderWithProviders(<LeadsPage />);
    const panel = await screen.findByRole('alert', {}, { timeout: 4000 });
    fail = false;
    await userEvent.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Showing 1 to 25 of 60 results')).toBeInTheDocument();
  });

  it("says 'Page X of N' and jumps to the first and the last page", async () => {
    fetchMock = serve();
    renderWithProviders(<LeadsPage />);
    await screen.findByText('Showing 1 to 25 of 60 results');
    expect(screen.getByTestId('leads-page-of')).toHaveTextContent('Page 1 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(footer()).toHaveTextContent('Showing 51 to 60 of 60 results');
    expect(screen.getByTestId('leads-page-of')).toHaveTextContent('Page 3 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'First page' }));
    expect(footer()).toHaveTextContent('Showing 1 to 25 of 60 results');
  });

  it('links only http(s) link ids; anything else is plain text', async () => {
    fetchMock = serve({
      leads: () =>
        json(200, [
          lead(1, { customerName: 'Safe', linkId: 'https://calendar.example/event/1' }),
          lead(2, { customerName: 'Script', linkId: 'javascript:alert(1)' }),
          lead(3, { customerName: 'Data', linkId: 'data:text/html,<b>x</b>' }),
        ]),
    });
    renderWithProviders(<LeadsPage />);
    await screen.findByText('Showing 1 to 3 of 3 results');
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Show All' }));
    const links = screen.getAllByRole('link', { name: 'open' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://calendar.example/event/1']);
    expect(screen.getByText('javascript:alert(1)').closest('a')).toBeNull();
    expect(screen.getByText('data:text/html,<b>x</b>').closest('a')).toBeNull();
  });

  it('sorts from the keyboard with the header sort button', async () => {
    fetchMock = serve();
    renderWithProviders(<LeadsPage />);
    await screen.findByText('Showing 1 to 25 of 60 results');
    const sortButton = within(screen.getByRole('columnheader', { name: /Customer Name/ })).getByRole(
      'button',
      {
        name: /Sort by Customer Name/,
      },
    );
    sortButton.focus();
    await userEvent.keyboard('{Enter}');
    const firstName = () => within(screen.getAllByRole('row')[1]!).getAllByRole('cell')[2]!.textContent;
    expect(firstName()).toBe('Customer 1');
    await userEvent.keyboard('{Enter}');
    expect(firstName()).toBe('Customer 60'); // numbers in names sort as numbers
  });

  it('exports exactly the rows and columns the screen shows, as CSV and as .xlsx', async () => {
    const downloads = captureDownloads();
    try {
      fetchMock = serve({
        leads: () =>
          json(200, [
            ...FORMATTED,
            lead(61, { customerName: '=HYPERLINK("http://evil","x")', auditor: 'Alex Chen', referredBy: '' }),
          ]),
      });
      renderWithProviders(<LeadsPage />);
      await screen.findByText('Showing 1 to 25 of 61 results');
      // filter, search, sort and hide a column, as a person would
      await userEvent.type(screen.getByPlaceholderText('Filter Auditor...'), 'alex');
      await userEvent.type(screen.getByPlaceholderText('Search all columns...'), 'e');
      await userEvent.click(screen.getByRole('checkbox', { name: 'Empty' }));
      await userEvent.click(
        within(screen.getByRole('columnheader', { name: /Customer Name/ })).getByText('Customer Name'),
      );
      await userEvent.click(
        within(screen.getByRole('columnheader', { name: /Customer Name/ })).getByText('Customer Name'),
      );
      await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
      await userEvent.click(await screen.findByRole('checkbox', { name: 'House Type' }));
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(footer()).toHaveTextContent('of 21 results'));
      const shownNames = () =>
        screen
          .getAllByRole('row')
          .slice(1)
          .map((row) => within(row).getAllByRole('cell')[2]!.textContent);

      await userEvent.click(screen.getByRole('button', { name: 'Export' }));
      await userEvent.click(await screen.findByRole('menuitem', { name: 'CSV (.csv)' }));
      await waitFor(() => expect(downloads.files).toHaveLength(1));
      expect(downloads.files[0]!.name).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = parseCsv(await blobText(downloads.files[0]!.blob));
      expect(csv[0]).toEqual([
        'Scheduled Date',
        'Customer Name',
        'Address',
        'Status',
        'Auditor',
        'Scheduled By',
        'Referred by',
      ]);
      expect(csv).toHaveLength(22);
      expect(csv.slice(1).map((row) => row[1]!.replace(/^'/, ''))).toEqual(shownNames());
      expect(csv[21]).toEqual([
        '03/06/2025',
        '\'=HYPERLINK("http://evil","x")',
        '',
        'Scheduled',
        'Alex Chen',
        'Maria',
        '',
      ]);
      expect(csv.slice(1).every((row) => row[4] === 'Alex Chen' && row[6] === '')).toBe(true);

      await userEvent.click(screen.getByRole('button', { name: 'Export' }));
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Excel (.xlsx)' }));
      await waitFor(() => expect(downloads.files).toHaveLength(2));
      expect(downloads.files[1]!.name).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.xlsx$/);
      const { rowsOf, sheet } = await readWorkbook(downloads.files[1]!.blob);
      const rows = rowsOf(sheet('Leads'));
      expect(rows[0]).toEqual(csv[0]);
      expect(rows).toHaveLength(22);
      expect(rows[21]).toEqual([
        new Date(Date.UTC(2025, 2, 6)),
        '=HYPERLINK("http://evil","x")', // a string cell, never a formula
        null,
        'Scheduled',
        'Alex Chen',
        'Maria',
        null,
      ]);
      expect(rows.slice(1).map((row) => row[1])).toEqual(
        csv.slice(1).map((row) => row[1]!.replace(/^'/, '')),
      );
    } finally {
      downloads.restore();
    }
  });

  it('offers the known values in the form and takes a new one typed in; toasts each change', async () => {
    fetchMock = serve();
    renderWithProviders(<LeadsPage />);
    await screen.findByText('Showing 1 to 25 of 60 results');
    await userEvent.click(screen.getByRole('button', { name: 'Add Lead' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Lead' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Customer Name/ }), 'Zelda Walk-in');
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Heating Fuel' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Gas',
      'Oil',
      'Propane',
      'Electricity',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Propane' }));
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Auditor' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Alex Chen',
      'Sam Rivera',
    ]);
    await userEvent.keyboard('{Escape}');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Auditor' }), 'Pat Morgan');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Status' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Status' }), 'sched');
    await userEvent.click(await screen.findByRole('option', { name: 'Scheduled' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Zelda Walk-in was added.')).toBeInTheDocument();
    expect(fetchMock.calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      customerName: 'Zelda Walk-in',
      heatingFuel: 'Propane',
      auditor: 'Pat Morgan',
      status: 'Scheduled',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Delete Customer 1' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete lead' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Customer 1 was deleted.')).toBeInTheDocument();
    // ten seconds to take it back
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Customer 1 is back.')).toBeInTheDocument();
    expect(fetchMock.calls.find((call) => call.url === '/api/leads/1/restore')?.method).toBe('POST');
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
