import { authStore, type Role } from '@auditdesk/shared';
import { renderRoutes } from '@auditdesk/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch } from '../../../../scripts/jest/fetchMock';
import LeadsPage from '../LeadsPage';

// a whole table renders in jsdom at every step: on a busy 2-core machine that takes seconds
jest.setTimeout(60_000);

const lead = (id: number) => ({
  id,
  leadId: `l${id}`,
  source: 'calendar',
  isFormatted: true,
  customerName: `Customer ${id}`,
  email: '',
  phoneNumber: '',
  address: '',
  auditor: id % 2 ? 'Sam Rivera' : 'Alex Chen',
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
  version: id + 10,
});
const LEADS = Array.from({ length: 60 }, (_, index) => lead(index + 1));
const ACTION = {
  id: 7,
  kind: 'bulk',
  label: 'Bulk change: Status → Cancelled (30 leads)',
  leadCount: 30,
  at: '2026-11-26T10:00:00.000Z',
  undoneAt: null,
};

function serve(write: (url: string, body: unknown) => Response) {
  return mockFetch(({ url, method, body }) => {
    if (method !== 'GET') return write(url, body);
    if (url.startsWith('/api/leads')) return json(200, LEADS);
    if (url === '/api/business') return json(200, { timeZone: 'America/New_York' });
    return json(404);
  });
}

const signInAs = (role: Role) =>
  authStore
    .getState()
    .setSession({ token: 'a.b.c', refreshToken: null }, { id: '1', email: 'x@example.com', name: 'X', role });

/** The leads screen filtered to Alex Chen's 30 leads, 25 a page. */
async function openAlexChensLeads() {
  renderRoutes([{ path: '/leads', element: <LeadsPage /> }], '/leads?f.auditor=%3DAlex+Chen');
  // the first render of a whole table in jsdom can take seconds on a busy machine
  await screen.findByText('Showing 1 to 25 of 30 results', {}, { timeout: 10_000 });
}

const bar = () => screen.getByTestId('bulk-bar');
/** Each step renders a whole table in jsdom: seconds on a busy machine. */
const SLOW = { timeout: 10_000 };

describe('bulk actions on the leads screen', () => {
  let fetchMock: ReturnType<typeof mockFetch> | undefined;
  afterEach(() => {
    fetchMock?.restore();
    act(() => authStore.getState().clearSession());
  });

  it('selects a page, then every matching lead, changes their status as one action, and undoes it from the toast', async () => {
    signInAs('Manager');
    fetchMock = serve((url) =>
      url === '/api/leads/bulk'
        ? json(200, { action: ACTION, leads: [] })
        : json(200, {
            action: { ...ACTION, id: 8, kind: 'undo', label: `Undo of “${ACTION.label}”` },
            leads: [],
          }),
    );
    await openAlexChensLeads();
    expect(screen.queryByTestId('bulk-bar')).not.toBeInTheDocument();

    await userEvent.click(within(screen.getAllByRole('row')[2]!).getByRole('checkbox'));
    expect(within(bar()).getByRole('status')).toHaveTextContent('1 lead selected');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Toggle select all' }));
    expect(within(bar()).getByRole('status')).toHaveTextContent('25 leads selected');
    await userEvent.click(within(bar()).getByRole('button', { name: 'Select all 30 matching' }));
    expect(within(bar()).getByRole('status')).toHaveTextContent('30 leads selected');
    expect(within(bar()).queryByRole('button', { name: /Select all/ })).not.toBeInTheDocument();

    await userEvent.click(within(bar()).getByRole('button', { name: 'Change' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Status of 30 leads' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Status' }), 'Cancelled');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change 30 leads' }));

    const sent = fetchMock.calls.find((call) => call.url === '/api/leads/bulk');
    const alexChens = LEADS.filter((row) => row.auditor === 'Alex Chen');
    expect(sent?.body).toEqual({
      leads: expect.arrayContaining(alexChens.map(({ id, version }) => ({ id, version }))),
      change: { status: 'Cancelled' },
    });
    expect((sent?.body as { leads: unknown[] }).leads).toHaveLength(30);
    // done: the selection is cleared, and the toast offers Undo
    await waitFor(() => expect(screen.queryByTestId('bulk-bar')).not.toBeInTheDocument());
    const toast = (await screen.findByText(ACTION.label)).closest(
      '.mantine-Notification-root',
    ) as HTMLElement;
    await userEvent.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText(`${ACTION.label} was undone.`)).toBeInTheDocument();
    expect(fetchMock.calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/leads/bulk',
      '/api/lead-actions/7/undo',
    ]);
    await waitFor(() => expect(screen.queryByText(ACTION.label)).not.toBeInTheDocument());
  });

  it('confirms on the answer: the rows take it at once (versions too), while the leads are read again behind', async () => {
    signInAs('Manager');
    // after the first read, reading the leads again takes as long as the test likes
    let reads = 0;
    let finishReads: () => void = () => {};
    const slowReads = new Promise<void>((resolve) => (finishReads = resolve));
    let undone = false;
    fetchMock = mockFetch(async ({ url, method, body }) => {
      if (method === 'GET' && url.startsWith('/api/leads')) {
        reads += 1;
        if (reads > 1) await slowReads;
        return json(200, LEADS);
      }
      if (url === '/api/business') return json(200, { timeZone: 'America/New_York' });
      if (url === '/api/leads/bulk') {
        const sent = body as { leads: { id: number; version: number }[]; delete?: true };
        return json(200, {
          action: sent.delete ? { ...ACTION, id: 9, label: 'Bulk delete (1 lead)' } : ACTION,
          leads: sent.leads.map(({ id, version }) => ({ id, version: version + 100 })),
        });
      }
      if (url === '/api/lead-actions/7/undo') {
        undone = true;
        return json(200, {
          action: { ...ACTION, id: 8, kind: 'undo', label: `Undo of “${ACTION.label}”` },
          leads: [2, 4, 6].map((id) => ({ id, version: id + 200 })),
        });
      }
      return json(404);
    });
    await openAlexChensLeads();
    const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(`\\b${name}\\b`) });
    for (const name of ['Customer 2', 'Customer 4', 'Customer 6'])
      await userEvent.click(within(rowOf(name)).getByRole('checkbox'));
    await userEvent.click(within(bar()).getByRole('button', { name: 'Change' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Status of 3 leads' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Status' }), 'Cancelled');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change 3 leads' }));

    // confirmed and shown while the leads are still being read again
    expect(await screen.findByText(ACTION.label, {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), SLOW);
    await waitFor(() => expect(within(rowOf('Customer 4')).getByText('Cancelled')).toBeInTheDocument(), SLOW);
    expect(within(rowOf('Customer 8')).getByText('Scheduled')).toBeInTheDocument();
    expect(reads).toBeGreaterThan(1);

    // the undo too: the change is taken back on the rows as soon as the server answers
    const toast = screen.getByText(ACTION.label).closest('.mantine-Notification-root') as HTMLElement;
    await userEvent.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText(`${ACTION.label} was undone.`, {}, SLOW)).toBeInTheDocument();
    expect(undone).toBe(true);
    await waitFor(() => expect(within(rowOf('Customer 4')).getByText('Scheduled')).toBeInTheDocument(), SLOW);

    // the next action sends the versions of the last answer, not the ones read before
    await userEvent.click(within(rowOf('Customer 4')).getByRole('checkbox'));
    await userEvent.click(within(bar()).getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete 1 lead' })).getByRole('button', {
        name: 'Delete 1 lead',
      }),
    );
    await waitFor(
      () =>
        expect(fetchMock!.calls.filter((call) => call.url === '/api/leads/bulk').at(-1)?.body).toEqual({
          leads: [{ id: 4, version: 204 }],
          delete: true,
        }),
      SLOW,
    );
    await waitFor(
      () => expect(screen.queryByRole('row', { name: /\bCustomer 4\b/ })).not.toBeInTheDocument(),
      SLOW,
    );
    expect(reads).toBeGreaterThan(1);
    finishReads();
  });

  it('names the leads that changed meanwhile when the server refuses, and reloads on request', async () => {
    signInAs('Admin');
    fetchMock = serve(() =>
      json(412, {
        type: 'about:blank',
        title: 'Precondition Failed',
        status: 412,
        detail: '2 leads changed or were deleted since you loaded them, so nothing was changed.',
        leads: [
          { id: 2, version: 13 },
          { id: 4, version: null },
        ],
      }),
    );
    await openAlexChensLeads();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Toggle select all' }));
    await userEvent.click(within(bar()).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 25 leads' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete 25 leads' }));

    const alert = await within(bar()).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Customer 2 and Customer 4 were changed or deleted by someone else since you loaded the leads, so nothing was changed. Reload the leads, check them, and try again.',
    );
    expect(fetchMock.calls.find((call) => call.method === 'POST')?.body).toMatchObject({ delete: true });
    const reads = () => fetchMock!.calls.filter((call) => call.url.startsWith('/api/leads?')).length;
    const before = reads();
    await userEvent.click(within(alert).getByRole('button', { name: 'Reload the leads' }));
    await waitFor(() => expect(reads()).toBe(before + 1));
    // the choice stays, to try again on the fresh leads
    expect(within(bar()).getByRole('status')).toHaveTextContent('25 leads selected');
  });

  it('offers no selection to a User', async () => {
    signInAs('User');
    fetchMock = serve(() => json(500));
    await openAlexChensLeads();
    expect(screen.queryByRole('checkbox', { name: 'Toggle select all' })).not.toBeInTheDocument();
    expect(within(screen.getAllByRole('row')[2]!).queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
