import { simpleTable, type ExportCell, type ExportTable } from '@auditdesk/shared';
import type { ColumnVisibility } from './ColumnsMenu';
import { COLUMN_WIDTHS, visibleColumns } from './leadColumns';
import { cellText } from './leadFilters';
import type { LeadColumnId, LeadRow } from './leadTypes';

const DAY_COLUMNS: LeadColumnId[] = ['scheduledDate', 'lastSyncedAt'];

/** A day cell: the UTC calendar day the screen shows, as a date a spreadsheet can sort. */
function dayCell(iso: string): ExportCell {
  const date = new Date(iso);
  if (!iso || Number.isNaN(date.getTime())) return null;
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/**
 * Exactly what the screen lists: the rows after filters, search and sort (every page of
 * them), the visible columns in their order, each cell as shown.
 */
export function leadsExportTable(
  rows: LeadRow[],
  visibility: ColumnVisibility,
  timeZone?: string,
): ExportTable {
  const columns = visibleColumns(visibility);
  return simpleTable(
    'Leads',
    columns.map((column) => column.header),
    rows.map((row) =>
      columns.map((column) =>
        DAY_COLUMNS.includes(column.id) ? dayCell(row[column.id]) : cellText(row, column.id, timeZone),
      ),
    ),
    { widths: columns.map((column) => Math.round(COLUMN_WIDTHS[column.id] / 7)), stickyColumns: 1 },
  );
}

/** `leads-2025-03-04`: the day of the export. */
export const leadsExportName = (today = new Date()) =>
  `leads-${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
