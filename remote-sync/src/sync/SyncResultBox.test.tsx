import { renderWithProviders } from '@auditdesk/shared/testing';
import { screen, within } from '@testing-library/react';
import { SyncProgressCard } from './SyncProgressCard';
import { SyncResultBox } from './SyncResultBox';
import { initialSyncRunState, syncRunReducer, type SyncRunAction } from './syncRunState';

const run = (...actions: SyncRunAction[]) => actions.reduce(syncRunReducer, initialSyncRunState);
const MESSAGE = 'The calendar file could not be read: line 3 is not valid.';

/** What the hub and the answer report for a run that fails while reading the calendar. */
const failedRun = () =>
  run(
    { type: 'start-requested' },
    { type: 'sync-started', runId: 7 },
    { type: 'step-started', stepId: 'calendar', description: 'Reading events', at: 1, runId: 7 },
    { type: 'sync-error', error: MESSAGE, runId: 7 },
    { type: 'sync-completed', success: false, message: MESSAGE, totalEvents: 0, runId: 7 },
  );

describe('a failed sync on the screen', () => {
  it('shows one Sync Failed panel with the message', () => {
    renderWithProviders(<SyncResultBox state={failedRun()} />);
    const panels = screen.getAllByRole('alert');
    expect(panels).toHaveLength(1);
    expect(panels[0]).toHaveTextContent('Sync Failed');
    expect(panels[0]).toHaveTextContent(MESSAGE);
    expect(screen.getAllByText(MESSAGE)).toHaveLength(1);
    expect(within(panels[0]!).getByTestId('sync-result-run')).toHaveTextContent('Sync #7');
  });

  it('marks the step it was on as failed and the others as not run, with no spinner left', () => {
    renderWithProviders(<SyncProgressCard state={failedRun()} />);
    const status = (id: string) => screen.getByTestId(`step-${id}`).getAttribute('data-status');
    expect([status('calendar'), status('spreadsheet'), status('database')]).toEqual([
      'failed',
      'skipped',
      'skipped',
    ]);
    expect(within(screen.getByTestId('step-calendar')).getByText('failed')).toBeInTheDocument();
    expect(within(screen.getByTestId('step-database')).getByText('not run')).toBeInTheDocument();
    expect(document.querySelector('[data-animated="true"], [data-striped="true"]')).toBeNull();
  });

  it('shows the refusal of the trigger call in the same one panel', () => {
    renderWithProviders(
      <SyncResultBox
        state={run(
          { type: 'start-requested' },
          { type: 'trigger-failed', error: 'A sync is already running (run 3).' },
        )}
      />,
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Sync FailedA sync is already running (run 3).');
  });

  it('keeps the panel until the next run starts', () => {
    const next = syncRunReducer(failedRun(), { type: 'start-requested' });
    renderWithProviders(<SyncResultBox state={next} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the countdown after a successful sync', () => {
  const succeeded = () =>
    run(
      { type: 'start-requested' },
      { type: 'sync-started', runId: 7 },
      { type: 'sync-completed', success: true, message: 'ok', totalEvents: 3, runId: 7 },
    );

  it("says 'seconds' until the last one, which is '1 second'", () => {
    const { unmount } = renderWithProviders(<SyncProgressCard state={succeeded()} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Sync completed successfully! Resetting in 5 seconds...',
    );
    let state = succeeded();
    for (let tick = 0; tick < 4; tick += 1) state = syncRunReducer(state, { type: 'countdown-tick' });
    unmount();
    renderWithProviders(<SyncProgressCard state={state} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Sync completed successfully! Resetting in 1 second...',
    );
  });
});
