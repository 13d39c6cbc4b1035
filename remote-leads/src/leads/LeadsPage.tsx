import { PageHeader } from '@auditdesk/shared';

export default function LeadsPage() {
  return (
    <PageHeader title="Lead Management" subtitle="Manage and track your leads and customer information." />
  );
}
