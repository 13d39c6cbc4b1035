import { formatPercent, StatCards } from '@auditdesk/shared';
import type { kpis } from './kpis';

export function KpiCards({ values }: { values: ReturnType<typeof kpis> }) {
  return (
    <StatCards
      cards={[
        { label: 'Total Leads', value: values.total, detail: 'In the selected period' },
        {
          label: 'Cancelled',
          value: values.cancelled,
          detail: `${formatPercent(values.cancellationRate)} cancellation rate`,
          color: 'red',
        },
        {
          label: 'Scheduled',
          value: values.scheduled,
          detail: `${formatPercent(values.scheduledRate)} scheduled rate`,
          color: 'green',
        },
        {
          label: 'Referrals',
          value: values.referrals,
          detail: `${formatPercent(values.referralRate)} referral rate`,
          color: 'blue',
        },
      ]}
    />
  );
}
