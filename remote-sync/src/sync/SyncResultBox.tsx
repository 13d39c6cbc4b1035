import { formatNumber } from '@auditdesk/shared';
import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { SyncRunState } from './syncRunState';

/** Which run it was, when known ("Sync #42"): a run another instance failed is told apart from the next one. */
function RunName({ runId }: { runId: number | null | undefined }) {
  return runId ? (
    <Text size="xs" c="dimmed" data-testid="sync-result-run">
      Sync #{runId}
    </Text>
  ) : null;
}

/**
 * The outcome of the last run, until the next one starts: 'Sync Completed Successfully',
 * or one 'Sync Failed' panel with the reason (whether the hub, the answer or the trigger
 * call reported it), each naming its run.
 */
export function SyncResultBox({ state }: { state: SyncRunState }) {
  const result = state.lastResult;
  if (result?.success) {
    return (
      <Alert
        color="green"
        icon={<IconCircleCheck />}
        title="Sync Completed Successfully"
        data-testid="sync-result"
      >
        <Text size="sm">{result.message}</Text>
        <Text size="sm" fw={500}>
          Records processed: {formatNumber(result.totalEvents)}
        </Text>
        <RunName runId={result.runId} />
      </Alert>
    );
  }
  const failure = result?.message || state.error;
  if (!failure) return null;
  return (
    <Alert
      color="red"
      icon={<IconAlertTriangle />}
      title="Sync Failed"
      role="alert"
      data-testid="sync-result"
    >
      <Text size="sm">{failure}</Text>
      <RunName runId={result?.runId} />
    </Alert>
  );
}
