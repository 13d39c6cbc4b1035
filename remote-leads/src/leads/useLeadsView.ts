import { defaultLeadsView, leadsViewQuery, parseLeadsView, type LeadsView } from '@auditdesk/shared';
import { useLocalStorage } from '@mantine/hooks';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { defaultVisibility, type ColumnVisibility } from './ColumnsMenu';
import { LEAD_COLUMNS, type LeadColumnId } from './leadTypes';
import { DEFAULT_PAGE_SIZE } from './pagination';

const COLUMN_IDS = LEAD_COLUMNS.map((column) => column.id);

/** The visible columns as a list in the table's order, and back. */
export const visibleList = (visibility: ColumnVisibility): LeadColumnId[] =>
  COLUMN_IDS.filter((id) => visibility[id] !== false);
export const visibilityOf = (visible: readonly string[]): ColumnVisibility =>
  Object.fromEntries(COLUMN_IDS.map((id) => [id, visible.includes(id)]));

/** The spec's view: what a link leaves out is what it means. */
const SPEC_VIEW: LeadsView = { ...defaultLeadsView(), visibleColumns: visibleList(defaultVisibility()) };

/**
 * The leads screen's view in the URL (shared/src/leads/leadsView.ts): a link, a reload, back
 * and forward show the same rows. What a link leaves out is the person's own page size and
 * columns (kept in local storage as before), else the spec's.
 */
export function useLeadsView() {
  const [params, setParams] = useSearchParams();
  const [pageSize, setPageSize] = useLocalStorage({
    key: 'leads.pageSize',
    defaultValue: DEFAULT_PAGE_SIZE,
    getInitialValueInEffect: false,
  });
  const [visibility, setVisibility] = useLocalStorage<ColumnVisibility>({
    key: 'leads.columnVisibility',
    defaultValue: defaultVisibility(),
    getInitialValueInEffect: false,
  });
  const defaults = useMemo(
    () => ({ ...defaultLeadsView(pageSize), visibleColumns: visibleList(visibility) }),
    [pageSize, visibility],
  );
  const view = useMemo(() => parseLeadsView(params, COLUMN_IDS, defaults), [params, defaults]);

  /** A new view; `replace` for a keystroke (search, a filter), so back does not walk every letter. */
  const change = useCallback(
    (next: Partial<LeadsView>, { replace = false }: { replace?: boolean } = {}) => {
      if (next.pageSize !== undefined) setPageSize(next.pageSize);
      if (next.visibleColumns) setVisibility(visibilityOf(next.visibleColumns));
      setParams(
        (current) => leadsViewQuery({ ...parseLeadsView(current, COLUMN_IDS, defaults), ...next }, SPEC_VIEW),
        {
          replace,
        },
      );
    },
    [defaults, setParams, setPageSize, setVisibility],
  );
  return { view, change };
}
