import { StatCards } from '@auditdesk/shared';
import type { kpis } from './kpis';

export function KpiCards({ values }: { values: ReturnType<typeof kpis> }) {
  return (
    <StatCards
      cards={[
        { label: 'Total Leads', value: values.total, detail: 'All time leads' },
        {
          label: 'Cancelled',
          value: values.cancelled,
          detail: `${values.cancellationRate.toFixed(1)}% cancellation rate`,
          color: 'red',
        },
        {
          label: 'Scheduled',
          value: values.scheduled,
          detail: `${values.scheduledRate.toFixed(1)}% scheduled rate`,
          color: 'green',
        },
        {
          label: 'Referrals',
          value: values.referrals,
          detail: `${values.referralRate.toFixed(1)}% referral rate`,
          color: 'blue',
        },
      ]}
    />
  );
}
