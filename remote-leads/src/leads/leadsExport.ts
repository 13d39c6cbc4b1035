import { simpleTable, type ExportCell, type ExportTable } from '@auditdesk/shared';
import type { ColumnVisibility } from './ColumnsMenu';
import { COLUMN_WIDTHS, visibleColumns } from './leadColumns';
import { cellText } from './leadFilters';
import type { LeadColumnId, LeadRow } from './leadTypes';

/** A day cell: yyyy-mm-dd as a date a spreadsheet can sort (written as that date, in no zone). */
function dayCell(day: string): ExportCell {
  return day ? new Date(`${day}T00:00:00.000Z`) : null;
}

/** The day of a day column: the visit's day as the screen shows it; the last sync's UTC day. */
const DAY_COLUMNS: Partial<Record<LeadColumnId, (row: LeadRow) => string>> = {
  scheduledDate: (row) => row.scheduledDay,
  lastSyncedAt: (row) => {
    const at = Date.parse(row.lastSyncedAt);
    return Number.isNaN(at) ? '' : new Date(at).toISOString().slice(0, 10);
  },
};

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
      columns.map((column) => {
        const day = DAY_COLUMNS[column.id];
        return day ? dayCell(day(row)) : cellText(row, column.id, timeZone);
      }),
    ),
    { widths: columns.map((column) => Math.round(COLUMN_WIDTHS[column.id] / 7)), stickyColumns: 1 },
  );
}

/** `leads-2025-03-04`: the day of the export. */
export const leadsExportName = (today = new Date()) =>
  `leads-${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
