import type { LeadActionSummary } from '@auditdesk/shared';
import { renderWithProviders } from '@auditdesk/shared/testing';
import { act, screen, waitFor } from '@testing-library/react';
import { showUndoToast, UNDO_TOAST_MS } from './undoToast';

const ACTION: LeadActionSummary = {
  id: 7,
  kind: 'bulk',
  label: 'Bulk delete (12 leads)',
  leadCount: 12,
  at: '2026-11-26T10:00:00.000Z',
  undoneAt: null,
};

describe('the undo toast', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('offers Undo for ten seconds, then goes', async () => {
    renderWithProviders(<div />);
    act(() => showUndoToast(ACTION));
    expect(await screen.findByRole('button', { name: 'Undo' })).toBeInTheDocument();
    expect(screen.getByText(ACTION.label)).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(UNDO_TOAST_MS - 500));
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1_000));
    // then the toast's closing transition runs
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument());
  });
});
