import type { SyncResult, SyncStepId } from '@auditdesk/shared';

/** 'skipped': the run failed before it reached the step. */
export type StepStatus = 'pending' | 'active' | 'completed' | 'failed' | 'skipped';

export interface SyncStep {
  id: SyncStepId;
  stepName: string;
  description: string;
  status: StepStatus;
  startTime?: number;
  endTime?: number;
  eventsProcessed?: number;
  progressPercentage?: number;
  message?: string;
}

export interface SyncRunState {
  phase: 'idle' | 'running' | 'completed' | 'error';
  isRunning: boolean;
  steps: SyncStep[];
  message: string;
  totalEvents: number;
  error: string | null;
  /** Seconds left before the card resets after a success. */
  countdown: number | null;
  /** The last finished run, shown in the result box until the next one (its id when known). */
  lastResult: { success: boolean; message: string; totalEvents: number; runId: number | null } | null;
  /** The run the card follows now; null before its first event (or between runs). */
  runId: number | null;
  /** The newest run the card has followed: an event of it or of an older run, once it ended, is late and ignored. */
  lastRunId: number | null;
}

/** What the hub (or the trigger's answer) said about a run: each names the run. */
export type RunEvent =
  | { type: 'sync-started'; runId: number }
  | { type: 'step-started'; stepId: SyncStepId; description: string; at: number; runId: number }
  | { type: 'step-progress'; stepId: SyncStepId; progressPercentage: number; message: string; runId: number }
  | { type: 'step-completed'; stepId: SyncStepId; eventsProcessed: number; at: number; runId: number }
  | {
      type: 'sync-completed';
      success: boolean;
      message: string;
      totalEvents: number;
      runId: number;
      /** The trigger's answer: what each step did, for the steps the hub did not tell (it was away). */
      stepCounts?: Record<SyncStepId, number>;
    }
  | { type: 'sync-error'; error: string; runId: number };

export type SyncRunAction =
  | { type: 'start-requested' }
  | RunEvent
  | { type: 'trigger-failed'; error: string }
  | { type: 'countdown-tick' }
  | { type: 'reset' };

export const RESET_COUNTDOWN_SECONDS = 5;

const STEPS: Pick<SyncStep, 'id' | 'stepName' | 'description'>[] = [
  { id: 'calendar', stepName: 'Get Calendar Events', description: 'Read the appointments in the date range' },
  { id: 'spreadsheet', stepName: 'Sync to Spreadsheet', description: 'Write them to the spreadsheet' },
  { id: 'database', stepName: 'Sync to Database', description: 'Save them in the database' },
];

/** A step's name as the progress card shows it. */
export const stepName = (id: SyncStepId): string => STEPS.find((step) => step.id === id)?.stepName ?? id;

const pendingSteps = (): SyncStep[] => STEPS.map((step) => ({ ...step, status: 'pending' }));

export const initialSyncRunState: SyncRunState = {
  phase: 'idle',
  isRunning: false,
  steps: pendingSteps(),
  message: '',
  totalEvents: 0,
  error: null,
  countdown: null,
  lastResult: null,
  runId: null,
  lastRunId: null,
};

/** A run that failed: the step it was on failed, the ones it never reached did not run. */
const settleFailedSteps = (steps: SyncStep[]): SyncStep[] =>
  steps.map((step) =>
    step.status === 'active'
      ? { ...step, status: 'failed' }
      : step.status === 'pending'
        ? { ...step, status: 'skipped' }
        : step,
  );

/** What each step of a run did, as the run's answer counts it (the numbers its steps report on the hub). */
export const stepCountsOf = (
  counts: Pick<
    SyncResult,
    'eventsProcessed' | 'eventsCreated' | 'eventsUpdated' | 'eventsDeleted' | 'spreadsheet'
  >,
): Record<SyncStepId, number> => ({
  calendar: counts.eventsProcessed,
  spreadsheet: counts.spreadsheet.written + counts.spreadsheet.removed,
  database: counts.eventsCreated + counts.eventsUpdated + counts.eventsDeleted,
});

/** A run that succeeded did every step: one the card did not hear end is completed. */
const completeUnheardSteps = (steps: SyncStep[], counts?: Record<SyncStepId, number>): SyncStep[] =>
  steps.map((step) =>
    step.status === 'completed'
      ? step
      : { ...step, status: 'completed', eventsProcessed: counts?.[step.id], progressPercentage: undefined },
  );

const updateStep = (state: SyncRunState, id: SyncStepId, change: Partial<SyncStep>): SyncRunState => ({
  ...state,
  steps: state.steps.map((step) => (step.id === id ? { ...step, ...change } : step)),
});

/**
 * Whether an event is late: of a run older than the one the card follows, or (between
 * runs) of a run the card followed to its end already — another instance's late word on a
 * run it failed, or the hub and the trigger's answer both telling one end.
 */
const isLate = (state: SyncRunState, runId: number) =>
  state.runId !== null ? runId < state.runId : state.lastRunId !== null && runId <= state.lastRunId;

/** The card follows a run it had not heard of (its start missed, e.g. while reconnecting): from pending steps. */
const follow = (state: SyncRunState, runId: number): SyncRunState =>
  runId === state.runId
    ? state
    : {
        ...state,
        phase: 'running',
        isRunning: true,
        message: '',
        error: null,
        countdown: null,
        lastResult: null,
        steps: pendingSteps(),
        runId,
        lastRunId: Math.max(runId, state.lastRunId ?? 0),
      };

/** The progress card's state machine (spec section 4, "Sync run (progress card)"). */
export function syncRunReducer(state: SyncRunState, action: SyncRunAction): SyncRunState {
  if (action.type === 'start-requested')
    return {
      ...state,
      isRunning: true,
      phase: 'running',
      error: null,
      countdown: null,
      lastResult: null,
      steps: pendingSteps(),
    };
  if (action.type === 'trigger-failed')
    return {
      ...state,
      phase: 'error',
      isRunning: false,
      error: action.error,
      steps: settleFailedSteps(state.steps),
    };
  if (action.type === 'countdown-tick')
    return state.countdown === null ? state : { ...state, countdown: Math.max(0, state.countdown - 1) };
  if (action.type === 'reset')
    return { ...state, phase: 'idle', steps: pendingSteps(), countdown: null, message: '', error: null };
  if (isLate(state, action.runId)) return state;
  return onRunEvent(follow(state, action.runId), action);
}

function onRunEvent(state: SyncRunState, action: RunEvent): SyncRunState {
  switch (action.type) {
    case 'sync-started':
      return state;
    case 'step-started':
      return updateStep(state, action.stepId, {
        status: 'active',
        description: action.description,
        startTime: action.at,
        progressPercentage: undefined,
        message: undefined,
      });
    case 'step-progress':
      return updateStep(state, action.stepId, {
        progressPercentage: action.progressPercentage,
        message: action.message,
      });
    case 'step-completed':
      return updateStep(state, action.stepId, {
        status: 'completed',
        eventsProcessed: action.eventsProcessed,
        endTime: action.at,
      });
    case 'sync-completed':
      return {
        ...state,
        phase: action.success ? 'completed' : 'error',
        isRunning: false,
        message: action.message,
        totalEvents: action.totalEvents,
        countdown: action.success ? RESET_COUNTDOWN_SECONDS : null,
        steps: action.success
          ? completeUnheardSteps(state.steps, action.stepCounts)
          : settleFailedSteps(state.steps),
        lastResult: {
          success: action.success,
          message: action.message,
          totalEvents: action.totalEvents,
          runId: action.runId,
        },
        runId: null,
      };
    case 'sync-error':
      return { ...state, phase: 'error', error: action.error, steps: settleFailedSteps(state.steps) };
  }
}

/** Completed steps out of three, as a percentage. */
export const overallProgress = (state: SyncRunState) =>
  Math.round((state.steps.filter((step) => step.status === 'completed').length / state.steps.length) * 100);

/** An active step without a percentage shows an indeterminate bar at 60%. */
export const stepBarValue = (step: SyncStep) =>
  step.status === 'completed' || step.status === 'failed'
    ? 100
    : step.status === 'active'
      ? (step.progressPercentage ?? 60)
      : 0;
