import { LEAD_COLUMNS, type LeadColumnId } from './leadTypes';
import type { ColumnVisibility } from './ColumnsMenu';

/**
 * Each column's width in px: wide enough for its 'Filter {header}...' placeholder in the
 * compact filter input, and the default columns together fit a 1440 px screen.
 */
export const COLUMN_WIDTHS: Record<LeadColumnId, number> = {
  scheduledDate: 184,
  customerName: 168,
  status: 124,
  auditor: 128,
  houseType: 150,
  scheduledBy: 160,
  referredBy: 160,
  leadId: 140,
  linkId: 112,
  weekView: 140,
  phoneNumber: 164,
  heatingFuel: 150,
  provider: 128,
  comments: 220,
  lastSyncedAt: 148,
};

/** The columns the screen shows, in order. */
export const visibleColumns = (visibility: ColumnVisibility) =>
  LEAD_COLUMNS.filter((column) => visibility[column.id] !== false);
