import type { SyncStatus } from '@auditdesk/shared';
import { Alert } from '@mantine/core';
import { IconClockPause, IconLoader } from '@tabler/icons-react';
import { runningRunNotice } from './runningRunNotice';

/** A run this screen did not start, and whether it has gone quiet. */
export function RunningRunAlert({ running }: { running: NonNullable<SyncStatus['running']> }) {
  const { summary, quiet } = runningRunNotice(running);
  return (
    <Alert
      data-testid="running-run"
      color={quiet ? 'orange' : 'blue'}
      variant="light"
      icon={quiet ? <IconClockPause size={18} /> : <IconLoader size={18} />}
      title={quiet ? 'A sync is running but has gone quiet' : 'A sync is running'}
    >
      {summary}
      {quiet && <> {quiet}</>}
    </Alert>
  );
}
