import { PageHeader } from '@auditdesk/shared';

export default function SyncPage() {
  return (
    <PageHeader
      title="Calendar Sync"
      subtitle="Sync the audit appointments from the calendar to the spreadsheet and the database."
    />
  );
}
