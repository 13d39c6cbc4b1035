import { renderWithProviders } from '@auditdesk/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LeadRow } from '../leadTypes';
import { NEEDS_REVIEW_MEANING, NeedsReviewFilter } from './NeedsReviewFilter';

const rows = (flags: boolean[]) => flags.map((needsReview, id) => ({ id, needsReview }) as LeadRow);

describe('NeedsReviewFilter', () => {
  it('counts the leads that need review, stands out, says what it means on hover, and turns the filter on', async () => {
    const onChange = jest.fn();
    renderWithProviders(
      <NeedsReviewFilter rows={rows([true, false, true])} active={false} onChange={onChange} />,
    );
    const chip = screen.getByRole('checkbox', { name: 'Needs review (2)' });
    expect(chip).toHaveAccessibleDescription(NEEDS_REVIEW_MEANING);
    const label = document.querySelector(`label[for="${chip.id}"]`) as HTMLElement;
    expect(label.style.color).toBe('var(--mantine-color-orange-light-color)');

    await userEvent.hover(screen.getByTestId('needs-review-chip'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(NEEDS_REVIEW_MEANING);
    await userEvent.click(chip);
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('stays among the filters on a day without conflicts: greyed, saying there is nothing to review', async () => {
    const { unmount } = renderWithProviders(
      <NeedsReviewFilter rows={rows([false])} active={false} onChange={jest.fn()} />,
    );
    const chip = screen.getByRole('checkbox', { name: 'Needs review (0)' });
    expect(chip).toBeDisabled();
    await userEvent.hover(screen.getByTestId('needs-review-chip'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'No lead needs review: the calendar has not changed anything that was changed here.',
    );
    unmount();
    // on (a link may carry it): it can be turned off
    renderWithProviders(<NeedsReviewFilter rows={rows([false])} active onChange={jest.fn()} />);
    expect(screen.getByRole('checkbox', { name: 'Needs review (0)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Needs review (0)' })).toBeEnabled();
  });
});
