import { renderWithProviders } from '@auditdesk/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LeadRow } from '../leadTypes';
import { NeedsReviewFilter } from './NeedsReviewFilter';

const rows = (flags: boolean[]) => flags.map((needsReview, id) => ({ id, needsReview }) as LeadRow);

describe('NeedsReviewFilter', () => {
  it('counts the leads that need review and turns the filter on', async () => {
    const onChange = jest.fn();
    renderWithProviders(
      <NeedsReviewFilter rows={rows([true, false, true])} active={false} onChange={onChange} />,
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Needs review (2)' }));
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('is not shown on a day without conflicts, unless it is on (a link may carry it)', () => {
    const { unmount } = renderWithProviders(
      <NeedsReviewFilter rows={rows([false])} active={false} onChange={jest.fn()} />,
    );
    expect(screen.queryByTestId('needs-review-filter')).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<NeedsReviewFilter rows={rows([false])} active onChange={jest.fn()} />);
    expect(screen.getByRole('checkbox', { name: 'Needs review (0)' })).toBeChecked();
  });
});
