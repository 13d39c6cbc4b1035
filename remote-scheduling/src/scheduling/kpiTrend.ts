import { formatNumber, formatPercent } from '@auditdesk/shared';

/**
 * How a KPI moved against the period before: ▲/▼, the difference and the percent, green when
 * it moved the good way (more cancellations is worse). `before` null: no data before.
 */
export function kpiTrend(now: number, before: number | null, moreIsBetter: boolean, since: string) {
  if (before === null)
    return { text: 'No data before', color: 'dimmed', label: `No data in ${since} to compare with` };
  const difference = now - before;
  if (difference === 0)
    return { text: `= same as ${since}`, color: 'dimmed', label: `The same as in ${since}` };
  const up = difference > 0;
  const percent =
    before === 0 ? '' : ` (${up ? '+' : '−'}${formatPercent(Math.abs((difference / before) * 100))})`;
  const text = `${up ? '▲' : '▼'} ${formatNumber(Math.abs(difference))}${percent} vs ${since}`;
  const good = up === moreIsBetter;
  return {
    text,
    color: good ? 'green.8' : 'red.8',
    label: `${up ? 'Up' : 'Down'} ${formatNumber(Math.abs(difference))}${percent} against ${since}, ${good ? 'better' : 'worse'}`,
  };
}
