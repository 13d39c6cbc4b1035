import { PageHeader, useAuth } from '@auditdesk/shared';
import { Group, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { HubStatusBadge } from './HubStatusBadge';
import { syncStatusQuery } from './syncApi';
import { RunningRunAlert } from './RunningRunAlert';
import { SyncConfigCard } from './SyncConfigCard';
import { SyncHistoryCard } from './SyncHistoryCard';
import { defaultRange } from './syncDates';
import { SyncProgressCard } from './SyncProgressCard';
import { SyncResultBox } from './SyncResultBox';
import { SyncStatusCard } from './SyncStatusCard';
import { startRefusal } from './startRefusal';
import { useSyncRun } from './useSyncRun';

export default function SyncPage() {
  const [range, setRange] = useState(defaultRange);
  const status = useQuery(syncStatusQuery);
  const { state, start, hubStatus } = useSyncRun();
  // a run this screen did not start: another tab or person, the command line, the schedule
  const otherRun = state.isRunning ? null : (status.data?.running ?? null);
  const role = useAuth((auth) => auth.user?.role);
  const refusal = status.data ? startRefusal(role, status.data.startRoles) : null;

  return (
    <>
      <Group justify="space-between" align="flex-start">
        <PageHeader
          title="Calendar Sync"
          subtitle="Sync the audit appointments from the calendar to the spreadsheet and the database."
        />
        <HubStatusBadge status={hubStatus} />
      </Group>
      <Stack>
        <SyncStatusCard
          status={status.data}
          running={state.isRunning}
          error={status.error}
          onRetry={() => void status.refetch()}
          retrying={status.isFetching}
        />
        {otherRun && <RunningRunAlert running={otherRun} />}
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          <SyncConfigCard
            range={range}
            onRangeChange={setRange}
            onStart={() => void start(range)}
            running={state.isRunning}
            blocked={Boolean(otherRun)}
            refusal={refusal}
          />
          <SyncProgressCard state={state} />
        </SimpleGrid>
        <SyncResultBox state={state} />
        <SyncHistoryCard />
      </Stack>
    </>
  );
}
