import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../testing/renderWithProviders';
import { StatCards } from './StatCards';

describe('StatCards', () => {
  it('says what a card counts in a tooltip on hover and on keyboard focus', async () => {
    renderWithProviders(
      <StatCards
        cards={[
          { label: 'Total Leads', value: 2259 },
          { label: 'Scheduled', value: 17, hint: 'Leads whose status is Scheduled or Completed.' },
        ]}
      />,
    );
    expect(within(screen.getByLabelText('Scheduled')).getByText('17')).toBeInTheDocument();
    // only the card with a hint has the icon
    expect(screen.getAllByRole('button', { name: /^What .* counts$/ })).toHaveLength(1);
    const icon = screen.getByRole('button', { name: 'What Scheduled counts' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    await userEvent.hover(icon);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Leads whose status is Scheduled or Completed.',
    );
    await userEvent.unhover(icon);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());

    await userEvent.tab();
    expect(icon).toHaveFocus();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('Leads whose status is Scheduled or Completed.');
    expect(icon).toHaveAttribute('aria-describedby', tooltip.id);
  });
});
