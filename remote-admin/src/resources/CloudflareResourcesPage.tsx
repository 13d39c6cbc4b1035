import { routes } from '@auditdesk/shared';
import { ResourcePage } from './common/ResourcePage';
import { D1Stats } from './cloudflare/D1Stats';

export default function CloudflareResourcesPage() {
  return (
    <ResourcePage
      title="CloudFlare D1 Resources"
      subtitle="The database's storage, rows and daily reads and writes against the plan's limits."
      operation={routes.resourcesDatabase}
      failure="Failed to load CloudFlare stats"
    >
      {(stats) => <D1Stats stats={stats} />}
    </ResourcePage>
  );
}
