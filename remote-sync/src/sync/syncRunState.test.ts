import {
  initialSyncRunState,
  overallProgress,
  stepBarValue,
  stepCountsOf,
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
    let state = run({ type: 'start-requested' }, { type: 'sync-started', runId: 7 });
    expect(state).toMatchObject({ phase: 'running', isRunning: true, message: '' });

    state = syncRunReducer(state, {
      type: 'step-started',
      stepId: 'calendar',
      description: 'Reading events',
      at: 1,
      runId: 7,
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
      runId: 7,
    });
    expect(stepBarValue(step(state, 'calendar'))).toBe(40);
    expect(step(state, 'calendar').message).toBe('Half way');

    state = syncRunReducer(state, {
      type: 'step-completed',
      stepId: 'calendar',
      eventsProcessed: 12,
      at: 2,
      runId: 7,
    });
    expect(step(state, 'calendar')).toMatchObject({ status: 'completed', eventsProcessed: 12, endTime: 2 });
    expect(overallProgress(state)).toBe(33);

    state = syncRunReducer(state, {
      type: 'sync-completed',
      success: true,
      message: 'Synced 12 events',
      totalEvents: 12,
      runId: 7,
    });
    expect(state).toMatchObject({
      phase: 'completed',
      isRunning: false,
      countdown: 5,
      lastResult: { success: true, totalEvents: 12 },
    });
  });

  it('completes the steps the hub did not tell with the answer’s counts, so a success never shows pending steps', () => {
    // the hub away (refused or reconnecting): only the trigger's answer ends the run
    const state = run(
      { type: 'start-requested' },
      { type: 'step-completed', stepId: 'calendar', eventsProcessed: 12, at: 1, runId: 7 },
      {
        type: 'sync-completed',
        success: true,
        message: 'Synced 12 events',
        totalEvents: 12,
        runId: 7,
        stepCounts: { calendar: 99, spreadsheet: 12, database: 5 },
      },
    );
    expect(state.steps.map((item) => [item.id, item.status, item.eventsProcessed])).toEqual([
      ['calendar', 'completed', 12],
      ['spreadsheet', 'completed', 12],
      ['database', 'completed', 5],
    ]);
    expect(overallProgress(state)).toBe(100);
    // the hub's end without its step events: completed, no count claimed
    const fromHub = run(
      { type: 'start-requested' },
      { type: 'sync-completed', success: true, message: 'ok', totalEvents: 1, runId: 8 },
    );
    expect(
      fromHub.steps.every((item) => item.status === 'completed' && item.eventsProcessed === undefined),
    ).toBe(true);
  });

  it('counts each step as the run’s answer does', () => {
    expect(
      stepCountsOf({
        eventsProcessed: 10,
        eventsCreated: 3,
        eventsUpdated: 2,
        eventsDeleted: 1,
        spreadsheet: { written: 4, removed: 1 },
      }),
    ).toEqual({ calendar: 10, spreadsheet: 5, database: 6 });
  });

  it('counts down from 5 and then resets the steps, keeping the result', () => {
    let state = run(
      { type: 'start-requested' },
      { type: 'step-completed', stepId: 'calendar', eventsProcessed: 1, at: 1, runId: 7 },
      { type: 'sync-completed', success: true, message: 'ok', totalEvents: 1, runId: 7 },
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
      { type: 'sync-started', runId: 7 },
      { type: 'sync-error', error: 'The calendar file could not be read', runId: 7 },
      {
        type: 'sync-completed',
        success: false,
        message: 'The calendar file could not be read',
        totalEvents: 0,
        runId: 7,
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
      { type: 'sync-started', runId: 7 },
      { type: 'step-started', stepId: 'calendar', description: 'Reading events', at: 1, runId: 7 },
      { type: 'step-completed', stepId: 'calendar', eventsProcessed: 4, at: 2, runId: 7 },
      { type: 'step-started', stepId: 'spreadsheet', description: 'Writing', at: 3, runId: 7 },
      { type: 'sync-error', error: 'The spreadsheet is locked', runId: 7 },
      {
        type: 'sync-completed',
        success: false,
        message: 'The spreadsheet is locked',
        totalEvents: 0,
        runId: 7,
      },
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
      { type: 'sync-completed', success: true, message: 'from the hub', totalEvents: 3, runId: 7 },
    );
    const again = syncRunReducer(settled, {
      type: 'sync-completed',
      success: true,
      message: 'from the answer',
      totalEvents: 3,
      runId: 7,
    });
    expect(again).toBe(settled);
  });

  it('a new run resets the steps', () => {
    const state = run(
      { type: 'step-completed', stepId: 'database', eventsProcessed: 1, at: 1, runId: 7 },
      { type: 'sync-started', runId: 8 },
    );
    expect(state.steps.every((item) => item.status === 'pending')).toBe(true);
  });

  it("ignores a late event of an older run: another instance's word on a run it failed, after the newer run's success", () => {
    const newer = run(
      { type: 'start-requested' },
      { type: 'sync-started', runId: 8 },
      { type: 'step-completed', stepId: 'calendar', eventsProcessed: 3, at: 1, runId: 8 },
      { type: 'step-progress', stepId: 'spreadsheet', progressPercentage: 10, message: 'stale', runId: 7 },
      { type: 'sync-completed', success: true, message: 'Synced 3 events', totalEvents: 3, runId: 8 },
    );
    expect(step(newer, 'spreadsheet').message).toBeUndefined();
    const late = [
      { type: 'sync-error', error: 'Stalled', runId: 7 },
      { type: 'sync-completed', success: false, message: 'Stalled', totalEvents: 0, runId: 7 },
    ] as const;
    expect(late.reduce<SyncRunState>(syncRunReducer, newer)).toBe(newer);
    expect(newer).toMatchObject({ phase: 'completed', lastResult: { success: true, runId: 8 } });
  });

  it('after its own run ended, ignores a late word on it while the next run is being asked for', () => {
    const asked = run(
      { type: 'sync-started', runId: 7 },
      { type: 'sync-completed', success: false, message: 'Stalled', totalEvents: 0, runId: 7 },
      { type: 'start-requested' },
    );
    expect(
      syncRunReducer(asked, {
        type: 'sync-completed',
        success: false,
        message: 'Stalled',
        totalEvents: 0,
        runId: 7,
      }),
    ).toBe(asked);
    expect(asked).toMatchObject({ phase: 'running', isRunning: true });
  });

  it('tells which run failed, and follows a newer run whose start it missed', () => {
    const failed = run(
      { type: 'sync-started', runId: 7 },
      { type: 'sync-error', error: 'Stalled', runId: 7 },
      { type: 'sync-completed', success: false, message: 'Stalled', totalEvents: 0, runId: 7 },
    );
    expect(failed.lastResult).toMatchObject({ success: false, runId: 7 });
    const next = syncRunReducer(failed, {
      type: 'step-started',
      stepId: 'database',
      description: 'Saving',
      at: 1,
      runId: 9,
    });
    expect(next).toMatchObject({ phase: 'running', runId: 9, lastResult: null, error: null });
    expect(next.steps.map((item) => item.status)).toEqual(['pending', 'pending', 'active']);
  });
});
