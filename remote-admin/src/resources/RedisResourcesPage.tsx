import { PageHeader } from '@auditdesk/shared';

export default function RedisResourcesPage() {
  return <PageHeader title="Redis Resources" subtitle="Usage of the cache server against its limits." />;
}
