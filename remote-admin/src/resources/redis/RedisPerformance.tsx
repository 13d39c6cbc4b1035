import type { CacheStats } from '@auditdesk/shared';
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { MetricLine } from '../common/MetricLine';
import { formatCount, formatPercent, needsHitRateTip, rateHitRate } from '../common/resourceRules';

export function RedisPerformance({ performance }: { performance: CacheStats['performance'] }) {
  const { hitRate, keyspaceHits, keyspaceMisses, evictedKeys, expiredKeys } = performance;
  return (
    <Paper withBorder p="lg">
      <Title order={2} size="h4" mb="md">
        Performance
      </Title>
      <Stack gap="md">
        <div>
          <MetricLine
            label="Hit rate"
            value={hitRate === null ? 'No lookups yet' : formatPercent(hitRate)}
            rating={hitRate === null ? undefined : rateHitRate(hitRate)}
          />
          <Text size="sm" c="dimmed">
            {formatCount(keyspaceHits)} hits and {formatCount(keyspaceMisses)} misses since the server started
          </Text>
        </div>
        <MetricLine label="Evicted keys" value={formatCount(evictedKeys)} />
        <MetricLine label="Expired keys" value={formatCount(expiredKeys)} />
        {needsHitRateTip(hitRate) && (
          <Alert color="blue" variant="light" icon={<IconBulb />} title="Performance tip">
            Most reads miss the cache. Give keys that are read again a time-to-live long enough to be reused,
            and leave maxmemory room enough that keys are not evicted before they are read.
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
