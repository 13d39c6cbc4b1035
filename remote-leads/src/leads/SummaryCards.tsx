import { SCHEDULED_MEANING, StatCards } from '@auditdesk/shared';

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
        { label: 'Scheduled', value: scheduled, hint: SCHEDULED_MEANING, color: 'green' },
        { label: 'Cancelled', value: cancelled, color: 'red' },
      ]}
    />
  );
}
