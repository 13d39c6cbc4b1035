import { PageHeader } from '@auditdesk/shared';

export default function SchedulingPage() {
  return (
    <PageHeader
      title="Scheduling Management"
      subtitle="Comprehensive lead tracking and analytics dashboard"
    />
  );
}
