import { LEAD_COLUMNS, type LeadColumnId } from './leadTypes';
import type { ColumnVisibility } from './ColumnsMenu';

/**
 * Each column's width in px: wide enough for its 'Filter {header}...' placeholder in the
 * compact filter input, and the default columns together fit a 1440 px screen.
 */
export const COLUMN_WIDTHS: Record<LeadColumnId, number> = {
  scheduledDate: 180,
  customerName: 184,
  address: 160,
  status: 124,
  auditor: 128,
  houseType: 156,
  scheduledBy: 168,
  referredBy: 156,
  leadId: 136,
  linkId: 124,
  weekView: 148,
  phoneNumber: 176,
  heatingFuel: 164,
  provider: 136,
  comments: 220,
  endDate: 160,
  lastSyncedAt: 160,
};

/** The columns the screen shows, in order. */
export const visibleColumns = (visibility: ColumnVisibility) =>
  LEAD_COLUMNS.filter((column) => visibility[column.id] !== false);
