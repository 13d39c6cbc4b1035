import { useBusinessTimeZone } from '@auditdesk/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { toLeadRow } from './leadRows';
import { leadsQuery, unformattedLeadsQuery } from './leadsApi';
import type { LeadRow } from './leadTypes';

/**
 * The leads the table shows: the formatted ones, plus the calendar-not-formatted ones when
 * 'Hide Unformatted' is off (fetched then, and only when no fresh copy is cached).
 */
export function useLeadRows(hideUnformatted: boolean) {
  const formatted = useQuery(leadsQuery);
  const unformatted = useQuery({ ...unformattedLeadsQuery, enabled: !hideUnformatted });
  const timeZone = useBusinessTimeZone();
  const rows = useMemo<LeadRow[]>(() => {
    const all = hideUnformatted
      ? (formatted.data ?? [])
      : [...(formatted.data ?? []), ...(unformatted.data ?? [])];
    return all.map((lead) => toLeadRow(lead, timeZone));
  }, [formatted.data, unformatted.data, hideUnformatted, timeZone]);
  return {
    rows,
    // the table stays up while the unformatted leads arrive; only the first load shows the skeleton
    isPending: formatted.isPending,
    error: formatted.error ?? (hideUnformatted ? null : unformatted.error),
    refetch: () => Promise.all([formatted.refetch(), hideUnformatted ? null : unformatted.refetch()]),
    isFetching: formatted.isFetching || unformatted.isFetching,
  };
}
