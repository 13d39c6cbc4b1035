// Free of zod, so the browser bundles can import it.
import { LEAD_COLUMNS } from './leadColumns';
import { LEAD_FIELDS, leadFieldRow, type LeadField, type LeadFieldsWith } from './leadFields';

/** How many leads one bulk request may name. */
export const BULK_LEADS_MAX = 10_000;

/** Where a field's column stands; a field without one comes after every column. */
const columnPosition = (field: LeadField) => {
  const at = LEAD_COLUMNS.findIndex((column) => column.field === field);
  return at === -1 ? LEAD_COLUMNS.length + LEAD_FIELDS.indexOf(field) : at;
};

export type BulkField = LeadFieldsWith<'bulk'>;
/**
 * The fields a bulk change may set, each validated exactly as a single edit validates it; in
 * the order of the leads table's columns (the bulk menu's and an action's label's).
 */
export const BULK_FIELDS: readonly BulkField[] = (
  LEAD_FIELDS.filter((field) => leadFieldRow(field).bulk) as BulkField[]
).sort((a, b) => columnPosition(a) - columnPosition(b));
