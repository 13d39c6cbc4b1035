import { invalidateAfterSync, queryKeys, type SyncRange, useSyncHub } from '@auditdesk/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer } from 'react';
import { executeSync } from './syncApi';
import { initialSyncRunState, stepCountsOf, syncRunReducer } from './syncRunState';

const RESET_DELAY_MS = 500;

/** The progress card's state, fed by the hub's events, the trigger call and the reset timers. */
export function useSyncRun() {
  const [state, dispatch] = useReducer(syncRunReducer, initialSyncRunState);
  const queryClient = useQueryClient();

  // every event names its run: the card follows the newest and ignores a late one of an older run
  const hubStatus = useSyncHub({
    SyncStarted: (runId) => dispatch({ type: 'sync-started', runId }),
    StepStarted: (stepId, description, runId) =>
      dispatch({ type: 'step-started', stepId, description, at: Date.now(), runId }),
    StepProgress: (stepId, progressPercentage, message, runId) =>
      dispatch({ type: 'step-progress', stepId, progressPercentage, message, runId }),
    StepCompleted: (stepId, eventsProcessed, runId) =>
      dispatch({ type: 'step-completed', stepId, eventsProcessed, at: Date.now(), runId }),
    SyncCompleted: (success, message, totalEvents, runId) => {
      dispatch({ type: 'sync-completed', success, message, totalEvents, runId });
      // this screen's own counters always follow a run, whoever started it
      void queryClient.invalidateQueries({ queryKey: queryKeys.syncStatus });
    },
    SyncError: (error, runId) => dispatch({ type: 'sync-error', error, runId }),
  });

  // after a success: count down 5 seconds, wait 500 ms more, then back to idle
  useEffect(() => {
    if (state.countdown === null) return;
    const timer =
      state.countdown > 0
        ? setTimeout(() => dispatch({ type: 'countdown-tick' }), 1000)
        : setTimeout(() => dispatch({ type: 'reset' }), RESET_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state.countdown]);

  async function start(range: SyncRange) {
    dispatch({ type: 'start-requested' });
    try {
      const result = await executeSync(range);
      // if the hub missed the end (it may be reconnecting), the answer settles the card
      dispatch({
        type: 'sync-completed',
        success: result.success,
        message: result.message,
        totalEvents: result.eventsProcessed,
        runId: result.runId,
        stepCounts: stepCountsOf(result),
      });
      await invalidateAfterSync(result.eventsCreated + result.eventsUpdated + result.eventsDeleted);
    } catch (error) {
      dispatch({ type: 'trigger-failed', error: error instanceof Error ? error.message : String(error) });
    } finally {
      void queryClient.invalidateQueries({ queryKey: queryKeys.syncStatus });
    }
  }

  return { state, start, hubStatus };
}
