import type { MRT_RowSelectionState, MRT_Updater } from 'mantine-react-table';
import { useCallback, useMemo, useState } from 'react';
import type { LeadRow } from '../leadTypes';

const selectionOf = (rows: readonly LeadRow[], selected: ReadonlySet<number>): MRT_RowSelectionState =>
  Object.fromEntries(rows.filter((row) => selected.has(row.id)).map((row) => [String(row.id), true]));

/**
 * The leads chosen for a bulk action, by id: one at a time or a page in the table, or every
 * lead the filters match. Only the chosen leads that still match count, so an action never
 * reaches a lead the screen does not show.
 */
export function useLeadSelection(matching: readonly LeadRow[], pageRows: readonly LeadRow[]) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const rows = useMemo(() => matching.filter((row) => selected.has(row.id)), [matching, selected]);
  const rowSelection = useMemo(() => selectionOf(pageRows, selected), [pageRows, selected]);

  // the table speaks of its page only: apply its change there, keep the other pages' choices
  const onRowSelectionChange = useCallback(
    (updater: MRT_Updater<MRT_RowSelectionState>) =>
      setSelected((current) => {
        const after = typeof updater === 'function' ? updater(selectionOf(pageRows, current)) : updater;
        const next = new Set(current);
        for (const row of pageRows) {
          if (after[String(row.id)]) next.add(row.id);
          else next.delete(row.id);
        }
        return next;
      }),
    [pageRows],
  );
  const selectAllMatching = useCallback(
    () => setSelected(new Set(matching.map((row) => row.id))),
    [matching],
  );
  const clear = useCallback(() => setSelected(new Set()), []);

  return {
    /** The chosen leads that match the filters, in the table's order. */
    rows,
    matchingCount: matching.length,
    /** What the table takes to show and change the page's choices. */
    tableProps: useMemo(() => ({ rowSelection, onRowSelectionChange }), [rowSelection, onRowSelectionChange]),
    selectAllMatching,
    clear,
  };
}

export type LeadSelection = ReturnType<typeof useLeadSelection>;
