import { authStore, type LeadHistoryEntry, type Role } from '@auditdesk/shared';
import { renderWithProviders } from '@auditdesk/shared/testing';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch } from '../../../../scripts/jest/fetchMock';
import { LeadHistory } from './LeadHistory';

const LABEL = 'Bulk change: Status → Cancelled (300 leads)';
const entry = (id: number, action: LeadHistoryEntry['action']): LeadHistoryEntry => ({
  id,
  leadId: 1,
  kind: 'changed',
  field: 'status',
  oldValue: 'Scheduled',
  newValue: 'Cancelled',
  at: '2026-11-26T10:00:00.000Z',
  by: { kind: 'user', userId: 1, name: 'Dana Brooks' },
  action,
});

function serve(items: LeadHistoryEntry[]) {
  return mockFetch(({ url, method }) => {
    if (method === 'POST') return json(200, { action: {}, leads: [] });
    if (url.startsWith('/api/leads/5/history'))
      return json(200, { items, total: items.length, page: 1, pageSize: 200 });
    if (url === '/api/business') return json(200, { timeZone: 'America/New_York' });
    return json(404);
  });
}
const signInAs = (role: Role) =>
  authStore
    .getState()
    .setSession({ token: 'a.b.c', refreshToken: null }, { id: '1', email: 'x@example.com', name: 'X', role });

describe('an action in a lead’s history', () => {
  let fetchMock: ReturnType<typeof mockFetch> | undefined;
  afterEach(() => {
    fetchMock?.restore();
    act(() => authStore.getState().clearSession());
  });

  it('shows the action’s label and undoes it while it stands', async () => {
    signInAs('Manager');
    fetchMock = serve([entry(2, { id: 7, kind: 'bulk', label: LABEL, undoneAt: null }), entry(1, null)]);
    renderWithProviders(<LeadHistory leadId={5} />);
    expect(await screen.findByText(LABEL)).toBeInTheDocument();
    expect(screen.getAllByText('Dana Brooks changed Status from Scheduled to Cancelled')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: `Undo ${LABEL}` }));
    expect(await screen.findByText(`${LABEL} was undone.`)).toBeInTheDocument();
    expect(fetchMock.calls.find((call) => call.method === 'POST')?.url).toBe('/api/lead-actions/7/undo');
  });

  it('offers no Undo once undone, for an undo, or to a User', async () => {
    signInAs('Admin');
    fetchMock = serve([
      entry(3, { id: 8, kind: 'undo', label: `Undo of “${LABEL}”`, undoneAt: null }),
      entry(2, { id: 7, kind: 'bulk', label: LABEL, undoneAt: '2026-11-26T10:01:00.000Z' }),
    ]);
    renderWithProviders(<LeadHistory leadId={5} />);
    expect(await screen.findByText(`${LABEL} (undone)`)).toBeInTheDocument();
    expect(screen.getByText(`Undo of “${LABEL}”`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Undo/ })).not.toBeInTheDocument();
    fetchMock.restore();

    act(() => signInAs('User'));
    fetchMock = serve([entry(2, { id: 7, kind: 'bulk', label: LABEL, undoneAt: null })]);
    renderWithProviders(<LeadHistory leadId={5} />);
    expect(await screen.findByText(LABEL)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Undo/ })).not.toBeInTheDocument();
  });
});
