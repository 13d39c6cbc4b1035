import { PageHeader } from '@auditdesk/shared';
import { Alert, Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { Operation } from '@auditdesk/shared/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { LoadedStats, ResourceOperationId, StatsOf } from './fetchResourceStats';
import { useResourceStats } from './useResourceStats';

interface ResourcePageProps<K extends ResourceOperationId> {
  title: string;
  subtitle: string;
  /** The operation that answers the stats, e.g. routes.resourcesCache. */
  operation: Operation<K>;
  /** The spec's failure text, e.g. 'Failed to load Redis stats'. */
  failure: string;
  /** The page body once there are stats. */
  children: (stats: StatsOf<K>) => ReactNode;
}

function Body<T>({
  query,
  failure,
  onRetry,
  children,
}: {
  query: UseQueryResult<LoadedStats<T>, Error>;
  failure: string;
  onRetry: () => void;
  children: (stats: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <Stack aria-label="Loading stats">
        <Skeleton h={90} />
        <Skeleton h={260} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle />} title="Error Loading Stats" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{failure}</Text>
          <Text size="sm" c="dimmed">
            {query.error.message}
          </Text>
          <Button size="xs" variant="light" color="red" onClick={onRetry} loading={query.isFetching}>
            Retry
          </Button>
        </Stack>
      </Alert>
    );
  }
  const loaded = query.data;
  if (loaded.data === null) {
    return (
      <Paper withBorder p="xl" ta="center">
        <Text fw={600}>No stats available</Text>
        {loaded.reason && (
          <Text size="sm" c="dimmed" mt={4}>
            {loaded.reason}
          </Text>
        )}
      </Paper>
    );
  }
  return <>{children(loaded.data)}</>;
}

/** What both resource pages share: heading, Refresh, and the loading, error and empty states. */
export function ResourcePage<K extends ResourceOperationId>({
  title,
  subtitle,
  operation,
  failure,
  children,
}: ResourcePageProps<K>) {
  const query = useResourceStats(operation);
  const refetch = () => void query.refetch();
  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        action={
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={refetch}
            loading={query.isFetching && !query.isPending}
          >
            Refresh
          </Button>
        }
      />
      <Body query={query} failure={failure} onRetry={refetch}>
        {children}
      </Body>
    </>
  );
}
