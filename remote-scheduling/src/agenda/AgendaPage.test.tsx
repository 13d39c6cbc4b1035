import type { Agenda } from '@auditdesk/shared';
import { authStore } from '@auditdesk/shared';
import { renderRoutes } from '@auditdesk/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch } from '../../../scripts/jest/fetchMock';
import AgendaPage from './AgendaPage';

const AUDITORS = ['Dana Smith', 'Alex Chen'];

const agendaOf = (auditor: string, from: string, to: string): Agenda => ({
  auditor,
  timeZone: 'America/New_York',
  from,
  to,
  cancelled: 1,
  visits: [
    {
      id: 1,
      leadId: 'a',
      customerName: 'Early Bird',
      address: '12 Elm St, Salem, MA',
      phoneNumber: '(617) 555-0100',
      houseType: 'Single Family',
      heatingFuel: 'Gas',
      provider: 'National Grid',
      status: 'Scheduled',
      comments: 'Side door',
      scheduledDate: '2025-03-03T14:00:00.000Z',
      endDate: '2025-03-03T15:30:00.000Z',
      allDay: false,
      day: '2025-03-03',
    },
    {
      id: 2,
      leadId: 'b',
      customerName: 'Late Evening',
      address: '',
      phoneNumber: '',
      houseType: '',
      heatingFuel: '',
      provider: '',
      status: 'Completed',
      comments: '',
      scheduledDate: '2025-03-04T03:30:00.000Z',
      endDate: null,
      allDay: false,
      day: '2025-03-03',
    },
  ].filter((visit) => visit.day >= from && visit.day <= to),
});

const FEED = {
  id: 1,
  auditor: 'Dana Smith',
  createdBy: 'kim@example.com',
  createdAt: '2025-03-01T10:00:00.000Z',
  lastReadAt: null,
  answering: true,
};

describe('AgendaPage', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  let feeds: (typeof FEED)[];
  const signInAs = (role: 'User' | 'Manager') =>
    authStore
      .getState()
      .setSession(
        { token: 't.o.k', refreshToken: null },
        { id: '7', email: 'kim@example.com', name: 'Kim', role },
      );
  beforeEach(() => {
    feeds = [];
    signInAs('User');
  });
  afterEach(() => {
    fetchMock.restore();
    authStore.getState().clearSession();
  });

  const serve = (
    agenda: (url: URL) => Response | Promise<Response> = (url) =>
      json(
        200,
        agendaOf(
          url.searchParams.get('auditor')!,
          url.searchParams.get('from')!,
          url.searchParams.get('to')!,
        ),
      ),
  ) => {
    fetchMock = mockFetch(({ url, method, body }) => {
      if (url === '/api/scheduling/auditors') return json(200, { auditors: AUDITORS });
      if (url === '/api/business') return json(200, { timeZone: 'America/New_York' });
      if (url.startsWith('/api/scheduling/agenda?')) return agenda(new URL(url, 'http://localhost'));
      if (url === '/api/scheduling/agenda/feeds' && method === 'GET') return json(200, feeds);
      if (url === '/api/scheduling/agenda/feeds' && method === 'POST') {
        const feed = { ...FEED, id: feeds.length + 1, auditor: (body as { auditor: string }).auditor };
        feeds.push(feed);
        return json(201, { ...feed, url: 'https://desk.example.com/api/agenda-feed/s3cret' });
      }
      if (method === 'DELETE') {
        feeds = feeds.filter((feed) => !url.endsWith(`/${feed.id}`));
        return new Response(null, { status: 204 });
      }
      return json(404);
    });
  };

  const open = (search: string) =>
    renderRoutes([{ path: '/scheduling/agenda', element: <AgendaPage /> }], `/scheduling/agenda${search}`);

  it("lists the day's visits in the business's time, with the count and what was left out", async () => {
    serve();
    open('?day=2025-03-03');
    const day = await screen.findByRole('region', { name: 'Dana Smith · Monday, March 3, 2025' });
    const rows = within(day).getAllByTestId('agenda-visit');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(
        /^9:00 AM – 10:30 AMEarly Bird12 Elm St, Salem, MA\(617\) 555-0100Single FamilyGasScheduledSide door$/,
      ),
      expect.stringMatching(/^10:30 PMLate EveningNo address/),
    ]);
    expect(within(day).getByTestId('agenda-day-count')).toHaveTextContent('2 visits');
    expect(screen.getByTestId('agenda-summary')).toHaveTextContent(
      'Dana Smith · Monday, March 3, 2025: 2 visits (1 cancelled, not listed)',
    );
    expect(within(day).getByRole('link', { name: '12 Elm St, Salem, MA' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=12%20Elm%20St%2C%20Salem%2C%20MA',
    );
    expect(fetchMock.calls.map((call) => call.url)).toContain(
      '/api/scheduling/agenda?auditor=Dana+Smith&from=2025-03-03&to=2025-03-03',
    );
  });

  it('keeps the auditor, the day and the span in the URL, and asks for the week', async () => {
    serve();
    const { router } = open('?day=2025-03-05');
    await screen.findByText('No visits for Dana Smith on Wednesday, March 5, 2025.');
    await userEvent.click(screen.getByRole('radio', { name: 'Week' }));
    await screen.findByRole('region', { name: 'Dana Smith · Monday, March 3, 2025' });
    expect(router.state.location.search).toBe('?day=2025-03-05&span=week');
    await userEvent.click(screen.getByRole('textbox', { name: 'Auditor' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Alex Chen' }));
    await screen.findByRole('region', { name: 'Alex Chen · Monday, March 3, 2025' });
    expect(router.state.location.search).toBe('?auditor=Alex+Chen&day=2025-03-05&span=week');
    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    await screen.findByText('No visits for Alex Chen on Mar 10, 2025 – Mar 16, 2025.');
    expect(fetchMock.calls.map((call) => call.url)).toContain(
      '/api/scheduling/agenda?auditor=Alex+Chen&from=2025-03-10&to=2025-03-16',
    );
  });

  it("hands a phone a private address of the auditor's agenda, and revokes it", async () => {
    signInAs('Manager');
    serve();
    open('?day=2025-03-03');
    await userEvent.click(
      await screen.findByRole('button', { name: "Subscribe a phone to Dana Smith's agenda" }),
    );
    const modal = await screen.findByRole('dialog', { name: 'Phone calendar address' });
    expect(within(modal).getByLabelText('Address')).toHaveValue(
      'https://desk.example.com/api/agenda-feed/s3cret',
    );
    expect(within(modal).getByRole('link', { name: 'the webcal link' })).toHaveAttribute(
      'href',
      'webcal://desk.example.com/api/agenda-feed/s3cret',
    );
    await userEvent.click(within(modal).getByRole('button', { name: 'Done' }));
    const table = await screen.findByTestId('agenda-feeds');
    expect(table).toHaveTextContent('Dana Smith');
    expect(table).toHaveTextContent('Never');
    await userEvent.click(
      within(table).getByRole('button', { name: "Revoke the address 1 of Dana Smith's agenda" }),
    );
    expect(
      await screen.findByText("The address of Dana Smith's agenda no longer works."),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('agenda-feeds')).not.toBeInTheDocument());
    expect(
      fetchMock.calls.some(
        (call) => call.method === 'DELETE' && call.url === '/api/scheduling/agenda/feeds/1',
      ),
    ).toBe(true);
  });

  // issue 35, item 6: a link's auditor went into the request and the downloaded file as it was
  it('takes a configured auditor from a link in any case, and never asks for or downloads another name', async () => {
    serve();
    const { router } = open('?auditor=alex%20chen&day=2025-03-03');
    await screen.findByRole('region', { name: 'Alex Chen · Monday, March 3, 2025' });
    router.navigate(
      '/scheduling/agenda?auditor=Sam%0D%0ABEGIN%3AVEVENT%0D%0ASUMMARY%3APay+here%0D%0AEND%3AVEVENT&day=2025-03-03',
    );
    expect(await screen.findByTestId('agenda-unknown-auditor')).toHaveTextContent(
      "The auditor this link names is not one of the configured auditors: this is Dana Smith's agenda.",
    );
    await screen.findByRole('region', { name: 'Dana Smith · Monday, March 3, 2025' });
    await userEvent.click(screen.getByRole('button', { name: 'Download .ics' }));
    await waitFor(() =>
      expect(fetchMock.calls.some((call) => call.url.startsWith('/api/scheduling/agenda.ics?'))).toBe(true),
    );
    const asked = fetchMock.calls
      .map((call) => decodeURIComponent(call.url))
      .filter((url) => url.includes('auditor='));
    expect(asked.filter((url) => !/auditor=(Dana\+Smith|Alex\+Chen)&/.test(url))).toEqual([]);
    expect(screen.queryByText(/BEGIN/)).not.toBeInTheDocument();
  });

  it('marks a phone calendar whose maker may no longer hand them out as stopped', async () => {
    signInAs('Manager');
    feeds = [{ ...FEED, answering: false }];
    serve();
    open('?day=2025-03-03');
    const table = await screen.findByTestId('agenda-feeds');
    expect(
      within(table).getByTitle(
        'Who made it may no longer hand out phone calendars: it answers like a revoked address.',
      ),
    ).toHaveTextContent('Stopped');
  });

  it('offers phone calendars to Admins and Managers only', async () => {
    serve();
    open('?day=2025-03-03');
    await screen.findByRole('region', { name: 'Dana Smith · Monday, March 3, 2025' });
    expect(screen.queryByText('Phone calendars')).not.toBeInTheDocument();
    expect(fetchMock.calls.some((call) => call.url.includes('/feeds'))).toBe(false);
  });

  it('says why an agenda could not be read, and Retry reads it again', async () => {
    let failing = true;
    serve((url) =>
      failing
        ? json(500, { status: 500, title: 'Internal Server Error', detail: 'The database is not answering.' })
        : json(200, agendaOf('Dana Smith', url.searchParams.get('from')!, url.searchParams.get('to')!)),
    );
    open('?day=2025-03-03');
    expect(
      await screen.findByText('The agenda could not be loaded', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('The database is not answering.')).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getAllByTestId('agenda-visit')).toHaveLength(2));
  });
});
