import { blankLeadFields, type LeadDetail, type OfficeValue } from '@auditdesk/shared';
import { renderWithProviders } from '@auditdesk/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch } from '../../../../scripts/jest/fetchMock';
import { LeadFormModal } from '../LeadFormModal';
import { toLeadRow } from '../leadRows';

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

const phoneConflict: OfficeValue = {
  field: 'phoneNumber',
  officeValue: '(617) 555-0100',
  calendarValue: '(617) 555-0199',
  editedBy: { userId: 2, name: 'Dana Brooks' },
  editedAt: ago(3),
  calendarChangedBy: { runId: 412, at: ago(1) },
  conflict: true,
};
const statusEdit: OfficeValue = {
  field: 'status',
  officeValue: 'Cancelled',
  calendarValue: 'Scheduled',
  editedBy: { userId: 2, name: 'Dana Brooks' },
  editedAt: ago(2),
  calendarChangedBy: null,
  conflict: false,
};

const detail = (overrides: Partial<LeadDetail> = {}): LeadDetail => ({
  ...blankLeadFields(),
  id: 7,
  leadId: 'evt-7@calendar',
  source: 'calendar',
  isFormatted: true,
  customerName: 'Jane Doe',
  address: '12 Elm St',
  email: '',
  phoneNumber: '(617) 555-0100',
  auditor: 'Sam Rivera',
  houseType: '2 Family',
  heatingFuel: 'Gas',
  provider: 'National Grid',
  referredBy: '',
  scheduledBy: 'Maria',
  status: 'Cancelled',
  scheduledDate: '2025-03-04T14:00:00.000Z',
  endDate: null,
  week: 2,
  linkId: '',
  comments: '',
  lastSyncedAt: ago(1),
  createdAt: ago(100),
  updatedAt: ago(1),
  needsReview: true,
  version: 5,
  officeValues: [phoneConflict, statusEdit],
  calendarDeletedAt: null,
  ...overrides,
});
const CHOICES = { status: [], auditor: [], houseType: [], heatingFuel: [], provider: [] };

function openForm(current: LeadDetail, answer: (url: string, body: unknown) => Response) {
  const fetches = mockFetch(({ url, method, body }) => {
    if (method === 'POST') return answer(url, body);
    if (url === '/api/leads/7') return json(200, current);
    if (url === '/api/business') return json(200, { timeZone: 'America/New_York' });
    return json(404);
  });
  renderWithProviders(
    <LeadFormModal lead={toLeadRow(current)} choices={CHOICES} onClose={jest.fn()} onSave={jest.fn()} />,
  );
  return fetches;
}

afterEach(() => jest.restoreAllMocks());

describe('a calendar lead the office changed', () => {
  it('shows both values of a conflict with who and when, and takes the calendar’s on request', async () => {
    const resolved = detail({
      phoneNumber: '(617) 555-0199',
      needsReview: false,
      officeValues: [statusEdit],
      version: 6,
    });
    const fetches = openForm(detail(), () => json(200, resolved));

    const conflict = await screen.findByTestId('conflict-phoneNumber');
    expect(conflict).toHaveTextContent('Here: (617) 555-0100 — Dana Brooks, 3 h ago');
    expect(conflict).toHaveTextContent('Calendar: (617) 555-0199 — Sync #412, 1 h ago');
    expect(screen.getByTestId('office-values')).toHaveTextContent(
      'Status: Cancelled (Dana Brooks, 2 h ago) — the calendar says Scheduled',
    );

    await userEvent.click(within(conflict).getByRole('button', { name: 'Use the calendar’s' }));
    await waitFor(() => expect(screen.getByLabelText('Phone Number')).toHaveValue('(617) 555-0199'));
    const post = fetches.calls.find((call) => call.method === 'POST')!;
    expect(post.url).toBe('/api/leads/7/office-values/phoneNumber');
    expect(post.body).toEqual({ use: 'calendar' });
    expect(post.headers.get('if-match')).toBe('"5"');
  });

  it('reverts one edited field with one click, and says so when someone changed the lead meanwhile', async () => {
    const fetches = openForm(detail({ officeValues: [statusEdit], needsReview: false }), () =>
      json(412, { status: 412, detail: 'changed', current: detail() }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Use the calendar’s Status' }));
    expect(await screen.findByText(/Someone changed this lead since you opened it/)).toBeInTheDocument();
    expect(fetches.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('offers to keep a lead whose event the calendar deleted, or to delete it', async () => {
    const fetches = openForm(detail({ calendarDeletedAt: ago(1), officeValues: [statusEdit] }), () =>
      json(200, detail({ source: 'manual', calendarDeletedAt: null, officeValues: [], needsReview: false })),
    );
    expect(await screen.findByText('Deleted in the calendar')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep it as a manual lead' }));
    await waitFor(() =>
      expect(fetches.calls.find((call) => call.method === 'POST')?.url).toBe(
        '/api/leads/7/calendar-deletion',
      ),
    );
  });

  it('says what happens to edits of a calendar lead nobody has changed yet', async () => {
    openForm(detail({ officeValues: [], needsReview: false }), () => json(500));
    expect(
      await screen.findByText(/Changes made here are kept when the calendar changes/),
    ).toBeInTheDocument();
  });
});
