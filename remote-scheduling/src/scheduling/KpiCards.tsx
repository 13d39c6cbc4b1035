import { formatPercent, SCHEDULED_MEANING, StatCards, type GridKpis } from '@auditdesk/shared';

export function KpiCards({ values }: { values: GridKpis }) {
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
          hint: SCHEDULED_MEANING,
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
