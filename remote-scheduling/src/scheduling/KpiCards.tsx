import { formatPercent, SCHEDULED_MEANING, StatCards, type GridKpis } from '@auditdesk/shared';
import { kpiTrend } from './kpiTrend';

/**
 * The four KPIs of the period; with `before` (the period of the same length just before,
 * `sinceLabel` naming it), each says how it moved. `before` undefined: not known yet.
 */
export function KpiCards({
  values,
  before,
  sinceLabel,
}: {
  values: GridKpis;
  before?: GridKpis | undefined;
  sinceLabel?: string;
}) {
  const trend = (pick: (kpis: GridKpis) => number, moreIsBetter: boolean) =>
    before === undefined || !sinceLabel
      ? undefined
      : kpiTrend(pick(values), before.total === 0 ? null : pick(before), moreIsBetter, sinceLabel);
  return (
    <StatCards
      cards={[
        {
          label: 'Total Leads',
          value: values.total,
          detail: 'In the selected period',
          trend: trend((kpis) => kpis.total, true),
        },
        {
          label: 'Cancelled',
          value: values.cancelled,
          detail: `${formatPercent(values.cancellationRate)} cancellation rate`,
          color: 'red',
          trend: trend((kpis) => kpis.cancelled, false),
        },
        {
          label: 'Scheduled',
          value: values.scheduled,
          detail: `${formatPercent(values.scheduledRate)} scheduled rate`,
          hint: SCHEDULED_MEANING,
          color: 'green',
          trend: trend((kpis) => kpis.scheduled, true),
        },
        {
          label: 'Referrals',
          value: values.referrals,
          detail: `${formatPercent(values.referralRate)} referral rate`,
          color: 'blue',
          trend: trend((kpis) => kpis.referrals, true),
        },
      ]}
    />
  );
}
