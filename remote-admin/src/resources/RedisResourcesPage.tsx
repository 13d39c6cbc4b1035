import type { CacheStats } from '@auditdesk/shared';
import { ResourcePage } from './common/ResourcePage';
import { RedisStats } from './redis/RedisStats';

export default function RedisResourcesPage() {
  return (
    <ResourcePage<CacheStats>
      title="Redis Resources"
      subtitle="The cache server's memory, keys and clients against its limits, and how well it serves reads."
      path="/resources/redis"
      failure="Failed to load Redis stats"
    >
      {(stats) => <RedisStats stats={stats} />}
    </ResourcePage>
  );
}
