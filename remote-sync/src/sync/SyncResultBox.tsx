import { formatNumber } from '@auditdesk/shared';
import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { SyncRunState } from './syncRunState';

/**
 * The outcome of the last run, until the next one starts: 'Sync Completed Successfully',
 * or one 'Sync Failed' panel with the reason (whether the hub, the answer or the trigger
 * call reported it).
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
    </Alert>
  );
}
