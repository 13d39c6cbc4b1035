import { ApiError } from '@auditdesk/shared';
import { renderWithProviders } from '@auditdesk/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { leadChanges } from './leadChanges';
import { LeadFormModal, type OpenedLead } from './LeadFormModal';
import type { LeadFormValues } from './leadsApi';
import type { LeadRow } from './leadTypes';

const row: LeadRow = {
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
