import ProgressBars from 'cli-progress';
import type { StepId, SyncProgress } from '../features/sync/engine/syncProgress';

const STEP_NAMES: Record<StepId, string> = {
  calendar: 'Get Calendar Events',
  spreadsheet: 'Sync to Spreadsheet',
  database: 'Sync to Database',
};

/** Progress for a terminal: a line per step, and a bar while a step runs when there is a TTY. */
export function cliProgress(out: NodeJS.WriteStream = process.stdout): SyncProgress {
  const bar = out.isTTY
    ? new ProgressBars.SingleBar(
        { format: '  {bar} {percentage}% {message}', hideCursor: true, clearOnComplete: true, stream: out },
        ProgressBars.Presets.shades_classic,
      )
    : null;
  const line = (text: string) => out.write(`${text}\n`);
  return {
    syncStarted: () => line('Sync started'),
    stepStarted: (stepId, description) => {
      line(`▶ ${STEP_NAMES[stepId]}: ${description}`);
      bar?.start(100, 0, { message: '' });
    },
    stepProgress: (_stepId, percentage, message) => bar?.update(percentage, { message }),
    stepCompleted: (stepId, eventsProcessed) => {
      bar?.stop();
      line(`✔ ${STEP_NAMES[stepId]}: ${eventsProcessed} records`);
    },
    syncCompleted: (success, message) => {
      bar?.stop();
      line(`${success ? 'Sync completed' : 'Sync failed'}: ${message}`);
    },
    syncError: (error) => {
      bar?.stop();
      line(`✖ ${error}`);
    },
  };
}
