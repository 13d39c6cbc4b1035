// The leads table's columns, derived from the field table: the one list the table, the
// saved views, the links, the export and the bulk menu read. Without zod, for the browser too.
import {
  LEAD_FIELDS,
  leadFieldRow,
  type LeadField,
  type LeadFieldKind,
  type LeadFieldsHaving,
  type LeadFieldTable,
} from './leadFields';

export type LeadColumnField = LeadFieldsHaving<'column'>;
/** A column's id: its field's name, or the id its row gives it (the week's is weekView). */
export type LeadColumnId = {
  [F in LeadColumnField]: LeadFieldTable[F]['column'] extends { id: infer Id extends string } ? Id : F;
}[LeadColumnField];

export interface LeadColumn {
  id: LeadColumnId;
  field: LeadColumnField;
  kind: LeadFieldKind;
  /** The field's label. */
  header: string;
  width: number;
  hidden: boolean;
  searched: boolean;
  alwaysShown: boolean;
}

/**
 * The screen's order of the columns, by id. A field given a column later, and not named
 * here, follows these in the table's order.
 */
const COLUMN_ORDER: readonly LeadColumnId[] = [
  'scheduledDate',
  'customerName',
  'address',
  'status',
  'auditor',
  'houseType',
  'scheduledBy',
  'referredBy',
  'leadId',
  'linkId',
  'weekView',
  'phoneNumber',
  'heatingFuel',
  'provider',
  'comments',
  'endDate',
  'lastSyncedAt',
];

const columnOf = (field: LeadField): LeadColumn | null => {
  const row = leadFieldRow(field);
  if (!row.column) return null;
  return {
    id: (row.column.id ?? field) as LeadColumnId,
    field: field as LeadColumnField,
    kind: row.kind,
    header: row.label,
    width: row.column.width,
    hidden: row.column.hidden ?? false,
    searched: row.column.searched ?? true,
    alwaysShown: row.column.alwaysShown ?? false,
  };
};

const position = (column: LeadColumn) => {
  const at = COLUMN_ORDER.indexOf(column.id);
  return at === -1 ? COLUMN_ORDER.length + LEAD_FIELDS.indexOf(column.field) : at;
};

/** The columns of the leads table, in order, each with its header, width and defaults. */
export const LEAD_COLUMNS: readonly LeadColumn[] = LEAD_FIELDS.flatMap((field) => columnOf(field) ?? []).sort(
  (a, b) => position(a) - position(b),
);

/**
 * The columns by id, in the table's order. A saved view names columns by id: an id not in
 * this list (a column removed since, or never there) is dropped, not refused.
 */
export const LEAD_COLUMN_IDS: readonly LeadColumnId[] = LEAD_COLUMNS.map((column) => column.id);

/** The columns the leads search reads. */
export const SEARCHED_LEAD_COLUMNS: readonly LeadColumnId[] = LEAD_COLUMNS.filter(
  (column) => column.searched,
).map((column) => column.id);

/** Hidden until a person shows them. */
export const DEFAULT_HIDDEN_COLUMNS: readonly LeadColumnId[] = LEAD_COLUMNS.filter(
  (column) => column.hidden,
).map((column) => column.id);
