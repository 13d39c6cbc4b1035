import { LEAD_COLUMNS, type LeadColumnId } from './leadTypes';
import type { ColumnVisibility } from './ColumnsMenu';

/**
 * Each column's width in px (the field table's): wide enough for its 'Filter {header}...'
 * placeholder in the compact filter input, and the default columns together fit a 1440 px screen.
 */
export const COLUMN_WIDTHS = Object.fromEntries(
  LEAD_COLUMNS.map((column) => [column.id, column.width]),
) as Record<LeadColumnId, number>;

/** The columns the screen shows, in order. */
export const visibleColumns = (visibility: ColumnVisibility) =>
  LEAD_COLUMNS.filter((column) => visibility[column.id] !== false);
