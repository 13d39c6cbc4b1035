import {
  CANCELLED_STATUSES,
  formatPercent,
  leadsViewHref,
  SCHEDULED_MEANING,
  SCHEDULED_STATUSES,
  StatCards,
  type GridKpis,
} from '@auditdesk/shared';
import { kpiTrend } from './kpiTrend';

/**
 * The four KPIs of the period; with `before` (the period of the same length just before,
 * `sinceLabel` naming it), each says how it moved. `before` undefined: not known yet.
 */
export function KpiCards({
  values,
  before,
  sinceLabel,
  dates,
  auditors,
}: {
  values: GridKpis;
  before?: GridKpis | undefined;
  sinceLabel?: string;
  /** The period's days and the auditors compared: each card opens its leads. */
  dates?: { startDate: string; endDate: string };
  auditors?: readonly string[];
}) {
  const leads = (columns: Record<string, string>, referredBy: 'all' | 'hide' = 'all') =>
    dates && auditors
      ? leadsViewHref({ ...dates, referredBy, columns: { auditor: `=${auditors.join('|')}`, ...columns } })
      : undefined;
  const trend = (pick: (kpis: GridKpis) => number, moreIsBetter: boolean) =>
    before === undefined || !sinceLabel
      ? undefined
      : kpiTrend(pick(values), before.total === 0 ? null : pick(before), moreIsBetter, sinceLabel);
  return (
    <div data-testid="kpi-cards">
      <StatCards
        cards={[
          {
            label: 'Total Leads',
            value: values.total,
            detail: 'In the selected period',
            href: leads({}),
            trend: trend((kpis) => kpis.total, true),
          },
          {
            label: 'Cancelled',
            value: values.cancelled,
            detail: `${formatPercent(values.cancellationRate)} cancellation rate`,
            color: 'red',
            href: leads({ status: `=${CANCELLED_STATUSES.join('|')}` }),
            trend: trend((kpis) => kpis.cancelled, false),
          },
          {
            label: 'Scheduled',
            value: values.scheduled,
            detail: `${formatPercent(values.scheduledRate)} scheduled rate`,
            hint: SCHEDULED_MEANING,
            color: 'green',
            href: leads({ status: `=${SCHEDULED_STATUSES.join('|')}` }),
            trend: trend((kpis) => kpis.scheduled, true),
          },
          {
            label: 'Referrals',
            value: values.referrals,
            detail: `${formatPercent(values.referralRate)} referral rate`,
            color: 'blue',
            href: leads({ status: `!=${CANCELLED_STATUSES[0]}` }, 'hide'),
            trend: trend((kpis) => kpis.referrals, true),
          },
        ]}
      />
    </div>
  );
}
