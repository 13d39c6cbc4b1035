import { StatCards, type CacheStats } from '@auditdesk/shared';
import { SimpleGrid } from '@mantine/core';
import { formatBytes, formatCount, formatUptime } from '../common/resourceRules';
import type { UsageMeterProps } from '../common/UsageMeter';
import { UsagePanel } from '../common/UsagePanel';
import { UsageWarning } from '../common/UsageWarning';
import { RedisPerformance } from './RedisPerformance';

export function RedisStats({ stats }: { stats: CacheStats }) {
  const { serverInfo, usage, limits } = stats;
  const meters: UsageMeterProps[] = [
    {
      label: 'Memory',
      used: usage.usedMemory,
      limit: limits.maxMemory,
      format: formatBytes,
      noLimit: 'no limit (maxmemory 0)',
      detail: `Peak ${formatBytes(usage.peakMemory)}`,
    },
    {
      label: 'Keys',
      used: usage.totalKeys,
      limit: null,
      format: formatCount,
      noLimit: 'Redis sets no key limit',
    },
    {
      label: 'Clients',
      used: usage.connectedClients,
      limit: limits.maxConnections,
      format: formatCount,
      noLimit: 'limit not reported by the server',
    },
  ];
  return (
    <>
      <StatCards
        cards={[
          { label: 'Server', value: `${serverInfo.product} ${serverInfo.version}` },
          { label: 'Uptime', value: formatUptime(serverInfo.uptime) },
          { label: 'Plan', value: stats.planName },
          { label: 'Keys', value: usage.totalKeys },
        ]}
      />
      <UsageWarning meters={meters} />
      <SimpleGrid cols={2} spacing="lg">
        <UsagePanel meters={meters} />
        <RedisPerformance performance={stats.performance} />
      </SimpleGrid>
    </>
  );
}
