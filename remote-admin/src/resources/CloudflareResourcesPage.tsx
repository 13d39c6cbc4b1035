import { PageHeader } from '@auditdesk/shared';

export default function CloudflareResourcesPage() {
  return (
    <PageHeader title="CloudFlare D1 Resources" subtitle="Usage of the database against the plan limits." />
  );
}
