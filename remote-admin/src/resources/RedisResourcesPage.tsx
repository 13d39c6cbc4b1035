import { routes } from '@auditdesk/shared';
import { ResourcePage } from './common/ResourcePage';
import { RedisStats } from './redis/RedisStats';

export default function RedisResourcesPage() {
  return (
    <ResourcePage
      title="Redis Resources"
      subtitle="The cache server's memory, keys and clients against its limits, and how well it serves reads."
      operation={routes.resourcesCache}
      failure="Failed to load Redis stats"
    >
      {(stats) => <RedisStats stats={stats} />}
    </ResourcePage>
  );
}
