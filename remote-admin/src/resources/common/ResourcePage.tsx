import { PageHeader } from '@auditdesk/shared';
import { Alert, Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { LoadedStats } from './fetchResourceStats';
import { useResourceStats } from './useResourceStats';

interface ResourcePageProps<T> {
  title: string;
  subtitle: string;
  /** The API path of the stats, e.g. '/resources/redis'. */
  path: string;
  /** The spec's failure text, e.g. 'Failed to load Redis stats'. */
  failure: string;
  /** The page body once there are stats. */
  children: (stats: T) => ReactNode;
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
export function ResourcePage<T>({ title, subtitle, path, failure, children }: ResourcePageProps<T>) {
  const query = useResourceStats<T>(path);
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
