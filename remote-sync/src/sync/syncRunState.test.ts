import {
  initialSyncRunState,
  overallProgress,
  stepBarValue,
  syncRunReducer,
  type SyncRunAction,
  type SyncRunState,
} from './syncRunState';

const run = (...actions: SyncRunAction[]) =>
  actions.reduce<SyncRunState>(syncRunReducer, initialSyncRunState);
const step = (state: SyncRunState, id: string) => state.steps.find((item) => item.id === id)!;

describe('the progress card state machine', () => {
  it('starts idle with three pending steps', () => {
    expect(initialSyncRunState.phase).toBe('idle');
    expect(initialSyncRunState.steps.map((item) => [item.stepName, item.status])).toEqual([
      ['Get Calendar Events', 'pending'],
      ['Sync to Spreadsheet', 'pending'],
      ['Sync to Database', 'pending'],
    ]);
  });

  it('follows the hub events of a successful run', () => {
    let state = run({ type: 'start-requested' }, { type: 'sync-started' });
    expect(state).toMatchObject({ phase: 'running', isRunning: true, message: '' });

    state = syncRunReducer(state, {
      type: 'step-started',
      stepId: 'calendar',
      description: 'Reading events',
      at: 1,
    });
    expect(step(state, 'calendar')).toMatchObject({
      status: 'active',
      description: 'Reading events',
      startTime: 1,
    });
    expect(stepBarValue(step(state, 'calendar'))).toBe(60); // indeterminate without a percentage

    state = syncRunReducer(state, {
      type: 'step-progress',
      stepId: 'calendar',
      progressPercentage: 40,
      message: 'Half way',
    });
    expect(stepBarValue(step(state, 'calendar'))).toBe(40);
    expect(step(state, 'calendar').message).toBe('Half way');

    state = syncRunReducer(state, { type: 'step-completed', stepId: 'calendar', eventsProcessed: 12, at: 2 });
    expect(step(state, 'calendar')).toMatchObject({ status: 'completed', eventsProcessed: 12, endTime: 2 });
    expect(overallProgress(state)).toBe(33);

    state = syncRunReducer(state, {
      type: 'sync-completed',
      success: true,
      message: 'Synced 12 events',
      totalEvents: 12,
    });
    expect(state).toMatchObject({
      phase: 'completed',
      isRunning: false,
      countdown: 5,
      lastResult: { success: true, totalEvents: 12 },
    });
  });

  it('counts down from 5 and then resets the steps, keeping the result', () => {
    let state = run(
      { type: 'start-requested' },
      { type: 'step-completed', stepId: 'calendar', eventsProcessed: 1, at: 1 },
      { type: 'sync-completed', success: true, message: 'ok', totalEvents: 1 },
    );
    for (const left of [4, 3, 2, 1, 0]) {
      state = syncRunReducer(state, { type: 'countdown-tick' });
      expect(state.countdown).toBe(left);
    }
    state = syncRunReducer(state, { type: 'reset' });
    expect(state).toMatchObject({ phase: 'idle', countdown: null, lastResult: { message: 'ok' } });
    expect(state.steps.every((item) => item.status === 'pending')).toBe(true);
  });

  it('records a failure from the hub: error text, then not running', () => {
    const state = run(
      { type: 'start-requested' },
      { type: 'sync-started' },
      { type: 'sync-error', error: 'The calendar file could not be read' },
      {
        type: 'sync-completed',
        success: false,
        message: 'The calendar file could not be read',
        totalEvents: 0,
      },
    );
    expect(state).toMatchObject({
      phase: 'error',
      isRunning: false,
      error: 'The calendar file could not be read',
      countdown: null,
      lastResult: { success: false },
    });
  });

  it('fails the step the run was on and marks the others as not run', () => {
    const state = run(
      { type: 'start-requested' },
      { type: 'sync-started' },
      { type: 'step-started', stepId: 'calendar', description: 'Reading events', at: 1 },
      { type: 'step-completed', stepId: 'calendar', eventsProcessed: 4, at: 2 },
      { type: 'step-started', stepId: 'spreadsheet', description: 'Writing', at: 3 },
      { type: 'sync-error', error: 'The spreadsheet is locked' },
      { type: 'sync-completed', success: false, message: 'The spreadsheet is locked', totalEvents: 0 },
    );
    expect(state.steps.map((item) => item.status)).toEqual(['completed', 'failed', 'skipped']);
    expect(stepBarValue(step(state, 'database'))).toBe(0);
  });

  it('stops running when the trigger call fails', () => {
    expect(
      run(
        { type: 'start-requested' },
        { type: 'trigger-failed', error: 'A sync is already running (run 3).' },
      ),
    ).toMatchObject({
      phase: 'error',
      isRunning: false,
      error: 'A sync is already running (run 3).',
    });
  });

  it('takes the end of a run once, whether the hub or the answer reports it first', () => {
    const settled = run(
      { type: 'start-requested' },
      { type: 'sync-completed', success: true, message: 'from the hub', totalEvents: 3 },
    );
    const again = syncRunReducer(settled, {
      type: 'sync-completed',
      success: true,
      message: 'from the answer',
      totalEvents: 3,
    });
    expect(again).toBe(settled);
  });

  it('a new run resets the steps', () => {
    const state = run(
      { type: 'step-completed', stepId: 'database', eventsProcessed: 1, at: 1 },
      { type: 'sync-started' },
    );
    expect(state.steps.every((item) => item.status === 'pending')).toBe(true);
  });
});
