import { StatCards, type DatabaseStats } from '@auditdesk/shared';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { MetricLine } from '../common/MetricLine';
import { formatBytes, formatCount, rateQueryDuration, shortenName } from '../common/resourceRules';
import type { UsageMeterProps } from '../common/UsageMeter';
import { UsagePanel } from '../common/UsagePanel';
import { UsageWarning } from '../common/UsageWarning';
import { d1PlanText, hasPlanLimits } from './d1PlanText';
import { D1Tables } from './D1Tables';

export function D1Stats({ stats }: { stats: DatabaseStats }) {
  const { usage, limits } = stats;
  const meters: UsageMeterProps[] = [
    {
      label: 'Storage',
      used: usage.sizeUsed,
      limit: limits.maxSize,
      format: formatBytes,
      noLimit: 'no limit',
    },
    {
      label: 'Rows read today',
      used: usage.rowsRead,
      limit: limits.maxRowsRead,
      format: formatCount,
      noLimit: 'no daily limit',
    },
    {
      label: 'Rows written today',
      used: usage.rowsWritten,
      limit: limits.maxRowsWritten,
      format: formatCount,
      noLimit: 'no daily limit',
    },
    {
      label: 'Rows',
      used: usage.rowsUsed,
      limit: limits.maxRows,
      format: formatCount,
      noLimit: 'no row limit',
    },
    {
      label: 'Databases',
      used: usage.databasesUsed,
      limit: limits.maxDatabases,
      format: formatCount,
      noLimit: 'no limit',
    },
  ];
  const duration = stats.performance.queryDuration;
  const limited = hasPlanLimits(limits);
  return (
    <>
      <Group gap="sm" mb="lg" aria-label="Plan">
        <Badge size="lg" variant="light">
          {limited ? `${stats.planName} plan` : stats.planName}
        </Badge>
        <Text size="sm" c="dimmed">
          {d1PlanText(limits)}
        </Text>
      </Group>
      <StatCards
        cards={[
          { label: 'Database', value: shortenName(stats.databaseName), title: stats.databaseName },
          { label: 'Tables', value: stats.tableCount },
          { label: 'Total Rows', value: stats.totalRows },
          { label: 'Total Size', value: formatBytes(stats.totalSize) },
        ]}
      />
      <UsageWarning meters={meters} />
      <SimpleGrid cols={2} spacing="lg">
        <UsagePanel meters={meters} title={limited ? undefined : 'Usage'} />
        <Stack gap="lg">
          <Paper withBorder p="lg">
            <Title order={2} size="h4" mb="md">
              Performance
            </Title>
            <MetricLine
              label="Query duration"
              value={`${Number(duration.toFixed(2))} ms`}
              rating={rateQueryDuration(duration)}
            />
            <Text size="sm" c="dimmed" mt={4}>
              Excellent under 10 ms, Good under 50 ms
            </Text>
          </Paper>
          {stats.tables && <D1Tables tables={stats.tables} />}
        </Stack>
      </SimpleGrid>
    </>
  );
}
