import { StatCards } from '@auditdesk/shared';

export function SummaryCards({
  total,
  scheduled,
  cancelled,
}: {
  total: number;
  scheduled: number;
  cancelled: number;
}) {
  return (
    <StatCards
      mb="md"
      cards={[
        { label: 'Total Leads', value: total },
        { label: 'Scheduled', value: scheduled, color: 'green' },
        { label: 'Cancelled', value: cancelled, color: 'red' },
      ]}
    />
  );
}
