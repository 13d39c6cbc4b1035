import { ApiError, blankLeadFields } from '@auditdesk/shared';
import { renderWithProviders } from '@auditdesk/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch } from '../../../scripts/jest/fetchMock';
import { leadChanges } from './leadChanges';
import { LeadFormModal, type OpenedLead } from './LeadFormModal';
import type { LeadFormValues } from './leadsApi';
import { toLeadRow } from './leadRows';
import type { LeadRow } from './leadTypes';

const row: LeadRow = {
  ...toLeadRow({ ...blankLeadFields(), id: 7, source: 'manual', isFormatted: true, needsReview: false }),
  id: 7,
  source: 'manual',
  isFormatted: true,
  formatProblems: [],
  email: 'jane@example.com',
  scheduledDate: '2025-03-04T14:00:00.000Z',
  customerName: 'Jane Doe',
  address: '12 Elm St, Boston, MA',
  endDate: '',
  status: 'Scheduled',
  auditor: 'Sam Rivera',
  houseType: '2 Family',
  scheduledBy: 'Maria',
  referredBy: '',
  leadId: 'manual-7',
  linkId: '',
  weekView: 'Week 2',
  phoneNumber: '555-0100',
  heatingFuel: 'Gas',
  provider: 'National Grid',
  comments: '',
  lastSyncedAt: '',
  version: 3,
  needsReview: false,
};
const CHOICES = { status: [], auditor: [], houseType: [], heatingFuel: [], provider: [] };

describe('leadChanges', () => {
  it('names only the fields that changed', () => {
    const before = { customerName: 'A', comments: '', status: 'New' } as LeadFormValues;
    expect(leadChanges(before, { ...before, comments: 'x' })).toEqual({ comments: 'x' });
    expect(leadChanges(before, before)).toEqual({});
  });
});

describe('editing a lead someone else changed meanwhile', () => {
  it('shows their changes and lets the person use theirs or save over them', async () => {
    const saves: { values: LeadFormValues; opened: OpenedLead | null }[] = [];
    const theirs = {
      ...row,
      status: 'Completed',
      comments: 'called back',
      version: 4,
      week: 2,
      scheduledDate: row.scheduledDate,
    };
    const onSave = jest.fn(async (values: LeadFormValues, opened: OpenedLead | null) => {
      saves.push({ values, opened });
      if (saves.length === 1)
        throw new ApiError('stale', 412, { status: 412, detail: 'changed', current: theirs });
    });
    const onClose = jest.fn();
    renderWithProviders(<LeadFormModal lead={row} choices={CHOICES} onClose={onClose} onSave={onSave} />);

    const comments = screen.getByLabelText('Comments');
    await userEvent.type(comments, 'side door');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone changed this lead since you opened it');
    expect(alert).toHaveTextContent('Status: Scheduled → Completed');
    expect(alert).toHaveTextContent('Comments: (empty) → called back');
    expect(saves[0]!.opened).toMatchObject({ version: 3 });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Save mine over theirs' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // measured from their version: only the comment differs, and it is sent against version 4
    expect(saves[1]!.opened).toMatchObject({ version: 4 });
    expect(leadChanges(saves[1]!.opened!.values, saves[1]!.values)).toEqual({ comments: 'side door' });
  });

  it('can take up their version instead', async () => {
    const theirs = { ...row, status: 'Completed', version: 4, week: 2 };
    const onSave = jest.fn(async () => {
      throw new ApiError('stale', 412, { status: 412, current: theirs });
    });
    renderWithProviders(<LeadFormModal lead={row} choices={CHOICES} onClose={jest.fn()} onSave={onSave} />);
    await userEvent.type(screen.getByLabelText('Comments'), 'mine');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Use their version' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Comments')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});

describe('a new lead without a name', () => {
  it('says so on the Customer Name field, not in a banner, and forgets it once a name is typed', async () => {
    const onSave = jest.fn(async () => {});
    renderWithProviders(<LeadFormModal lead="new" choices={CHOICES} onClose={jest.fn()} onSave={onSave} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const name = screen.getByRole('textbox', { name: /Customer Name/ });
    expect(name).toHaveAccessibleDescription('Customer name is required.');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.type(name, 'Zelda');
    expect(name).not.toHaveAttribute('aria-invalid', 'true');
  });
});

describe('the History tab', () => {
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  let fetchMock: ReturnType<typeof mockFetch>;
  afterEach(() => fetchMock.restore());

  it('tells each change as a person reads it, newest first: who, what from what to what, when', async () => {
    fetchMock = mockFetch(({ url }) => {
      if (url === '/api/business') return json(200, { timeZone: 'America/New_York' });
      if (url.startsWith('/api/leads/7/history'))
        return json(200, {
          items: [
            {
              id: 4,
              kind: 'changed',
              field: 'status',
              oldValue: 'Scheduled',
              newValue: 'Cancelled',
              at: minutesAgo(120),
              by: { kind: 'user', userId: 2, name: 'Dana Brooks' },
            },
            {
              id: 3,
              kind: 'changed',
              field: 'phoneNumber',
              oldValue: '555-0100',
              newValue: '555-0199',
              at: minutesAgo(180),
              by: { kind: 'sync', runId: 412 },
            },
            {
              id: 2,
              kind: 'changed',
              field: 'scheduledDate',
              oldValue: '2025-03-04T14:00:00.000Z',
              newValue: '2025-03-05T15:30:00.000Z',
              at: minutesAgo(200),
              by: { kind: 'sync', runId: 411 },
            },
            {
              id: 1,
              kind: 'created',
              field: null,
              oldValue: null,
              newValue: null,
              at: minutesAgo(300),
              by: { kind: 'sync', runId: 400 },
            },
          ],
          total: 4,
          page: 1,
          pageSize: 200,
        });
      return json(404);
    });
    renderWithProviders(
      <LeadFormModal lead={row} choices={CHOICES} onClose={jest.fn()} onSave={jest.fn()} />,
    );
    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    const timeline = await screen.findByTestId('lead-history');
    const lines = within(timeline)
      .getAllByText(/ (changed|created) /)
      .map((line) => line.textContent);
    expect(lines).toEqual([
      'Dana Brooks changed Status from Scheduled to Cancelled',
      'Sync #412 changed Phone Number from 555-0100 to 555-0199',
      'Sync #411 changed Scheduled Date from 03/04/2025 9:00 AM to 03/05/2025 10:30 AM',
      'Sync #400 created the lead',
    ]);
    expect(within(timeline).getByText('2 h ago')).toBeInTheDocument();
    // back to the form, as it was
    await userEvent.click(screen.getByRole('tab', { name: 'Details' }));
    expect(screen.getByLabelText(/Customer Name/)).toHaveValue('Jane Doe');
  });

  it('a new lead has no history tab', () => {
    renderWithProviders(
      <LeadFormModal lead="new" choices={CHOICES} onClose={jest.fn()} onSave={jest.fn()} />,
    );
    expect(screen.queryByRole('tab', { name: 'History' })).not.toBeInTheDocument();
  });
});
