import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { SyncRunState } from './syncRunState';

export function SyncResultBox({ state }: { state: SyncRunState }) {
  return (
    <>
      {state.error && (
        <Alert color="red" icon={<IconAlertTriangle />} title="Sync Error" role="alert">
          {state.error}
        </Alert>
      )}
      {state.lastResult && (
        <Alert
          color={state.lastResult.success ? 'green' : 'red'}
          icon={state.lastResult.success ? <IconCircleCheck /> : <IconAlertTriangle />}
          title={state.lastResult.success ? 'Sync Completed Successfully' : 'Sync Failed'}
          data-testid="sync-result"
        >
          <Text size="sm">{state.lastResult.message}</Text>
          <Text size="sm" fw={500}>
            Records processed: {state.lastResult.totalEvents}
          </Text>
        </Alert>
      )}
    </>
  );
}
