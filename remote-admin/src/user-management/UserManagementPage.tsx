import { PageHeader } from '@auditdesk/shared';

export default function UserManagementPage() {
  return (
    <PageHeader
      title="User Management"
      subtitle="Manage who can sign in to Auditdesk and what they may do."
    />
  );
}
