// The leads table's columns: the one list the table, the saved views and the links derive from.
// Framework-free and without zod, for the browser too.

/** The columns of the leads table, in order, with their headers; search reads all but the times. */
export const LEAD_COLUMNS = [
  { id: 'scheduledDate', header: 'Scheduled Date' },
  { id: 'customerName', header: 'Customer Name' },
  { id: 'address', header: 'Address' },
  { id: 'status', header: 'Status' },
  { id: 'auditor', header: 'Auditor' },
  { id: 'houseType', header: 'House Type' },
  { id: 'scheduledBy', header: 'Scheduled By' },
  { id: 'referredBy', header: 'Referred by' },
  { id: 'leadId', header: 'Lead ID' },
  { id: 'linkId', header: 'Link ID' },
  { id: 'weekView', header: 'Week View' },
  { id: 'phoneNumber', header: 'Phone Number' },
  { id: 'heatingFuel', header: 'Heating Fuel' },
  { id: 'provider', header: 'Provider' },
  { id: 'comments', header: 'Comments' },
  { id: 'endDate', header: 'End Time', searched: false },
  { id: 'lastSyncedAt', header: 'Last Synced', searched: false },
] as const;

export type LeadColumnId = (typeof LEAD_COLUMNS)[number]['id'];

/**
 * The columns by id, in the table's order. A saved view names columns by id: an id not in
 * this list (a column removed since, or never there) is dropped, not refused.
 */
export const LEAD_COLUMN_IDS: readonly LeadColumnId[] = LEAD_COLUMNS.map((column) => column.id);

/** The columns the leads search reads. */
export const SEARCHED_LEAD_COLUMNS: readonly LeadColumnId[] = LEAD_COLUMNS.filter(
  (column) => !('searched' in column) || column.searched,
).map((column) => column.id);
