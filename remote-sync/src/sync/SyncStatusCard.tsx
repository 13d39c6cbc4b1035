import { formatNumber, formatPercent, LoadErrorPanel, type SyncStatus } from '@auditdesk/shared';
import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { hoursSince, rate } from './syncDates';

function Counter({ label, value, detail }: { label: string; value: number; detail?: string }) {
  return (
    <Stack gap={0} aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {formatNumber(value)}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Stack>
  );
}

interface SyncStatusCardProps {
  status: SyncStatus | undefined;
  running: boolean;
  /** The status could not be read: said with Retry, never a skeleton that waits for ever. */
  error?: Error | null;
  onRetry?: () => void;
  retrying?: boolean;
}

export function SyncStatusCard({ status, running, error, onRetry, retrying = false }: SyncStatusCardProps) {
  const isRunning = running || Boolean(status?.isRunning);
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          Status
        </Title>
        <Badge color={isRunning ? 'blue' : 'green'} size="lg" variant="light">
          {isRunning ? 'Running' : 'Ready'}
        </Badge>
      </Group>
      {status ? (
        <SimpleGrid cols={4}>
          <Counter label="Total syncs" value={status.totalSyncs} />
          <Counter
            label="Successful"
            value={status.successfulSyncs}
            detail={formatPercent(rate(status.successfulSyncs, status.totalSyncs))}
          />
          <Counter
            label="Failed"
            value={status.failedSyncs}
            detail={formatPercent(rate(status.failedSyncs, status.totalSyncs))}
          />
          <Counter label="Hours since last sync" value={hoursSince(status.lastSync)} />
        </SimpleGrid>
      ) : error ? (
        <LoadErrorPanel
          title="The sync status could not be loaded"
          message={error.message}
          onRetry={() => onRetry?.()}
          retrying={retrying}
        />
      ) : (
        <Skeleton h={60} />
      )}
    </Card>
  );
}
