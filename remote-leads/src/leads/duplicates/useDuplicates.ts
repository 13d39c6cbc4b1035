import { leadsViewHref } from '@auditdesk/shared';
import { useQuery } from '@tanstack/react-query';
import { createContext, useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { duplicatesQuery } from './duplicatesApi';
import { indexDuplicates, type DuplicateIndex } from './duplicateIndex';

/** What the table's marks need: the duplicates, who may dismiss, how a named lead opens. */
export interface DuplicatesState {
  index: DuplicateIndex | null;
  /** How many of the table's leads have possible duplicates (what the filter would list). */
  count: number | null;
  isPending: boolean;
  error: Error | null;
  isFetching: boolean;
  refetch: () => unknown;
  canDismiss: boolean;
  openLead: (lead: { id: number; leadId: string; isFormatted: boolean }) => void;
  /** Opens the merge of two leads (Admin, Manager). */
  merge: ((a: number, b: number) => void) | null;
}

export const DuplicatesContext = createContext<DuplicatesState | null>(null);

/** The table showing only that lead (its Lead ID searched): a link anyone can follow or keep. */
export const leadHref = (lead: { leadId: string; isFormatted: boolean }) =>
  leadsViewHref({ search: lead.leadId, hideUnformatted: lead.isFormatted });

/**
 * The possible duplicates from the server, indexed by lead. A lead named in a mark opens in
 * its dialog (the form for Admin and Manager, to read for others) when it is in the table;
 * otherwise the table shows it.
 */
export function useDuplicates<Row extends { id: number }>({
  rows,
  canDismiss,
  open,
  merge = null,
}: {
  rows: Row[];
  canDismiss: boolean;
  open: (row: Row) => void;
  merge?: DuplicatesState['merge'];
}): DuplicatesState {
  const query = useQuery(duplicatesQuery);
  const index = useMemo(() => (query.data ? indexDuplicates(query.data) : null), [query.data]);
  const count = useMemo(() => (index ? rows.filter((row) => index.has(row.id)).length : null), [index, rows]);
  const navigate = useNavigate();
  const openLead = useCallback<DuplicatesState['openLead']>(
    (lead) => {
      const row = rows.find((candidate) => candidate.id === lead.id);
      if (row) open(row);
      else navigate(leadHref(lead));
    },
    [rows, open, navigate],
  );
  const { isPending, error, isFetching, refetch } = query;
  // one value while nothing changed: the marks of the table's rows do not render again
  return useMemo(
    () => ({ index, count, isPending, error, isFetching, refetch, canDismiss, openLead, merge }),
    [index, count, isPending, error, isFetching, refetch, canDismiss, openLead, merge],
  );
}
