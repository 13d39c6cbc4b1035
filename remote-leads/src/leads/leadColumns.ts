import { LEAD_COLUMNS, type LeadColumnId } from './leadTypes';
import type { ColumnVisibility } from './ColumnsMenu';

/**
 * Each column's width in px: wide enough for its 'Filter {header}...' placeholder in the
 * compact filter input, and the default columns together fit a 1440 px screen.
 */
export const COLUMN_WIDTHS: Record<LeadColumnId, number> = {
  scheduledDate: 152,
  customerName: 176,
  status: 112,
  auditor: 128,
  houseType: 136,
  scheduledBy: 148,
  referredBy: 148,
  leadId: 164,
  linkId: 112,
  weekView: 128,
  phoneNumber: 156,
  heatingFuel: 140,
  provider: 128,
  comments: 220,
  lastSyncedAt: 136,
};

/** The columns the screen shows, in order. */
export const visibleColumns = (visibility: ColumnVisibility) =>
  LEAD_COLUMNS.filter((column) => visibility[column.id] !== false);
