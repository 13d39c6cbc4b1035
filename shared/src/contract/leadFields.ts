// The lead's field table (DESIGN.md section 25): one row per field, and everything about a
// field is its row. The API's schemas (leads.ts), the labels, the import's vocabulary and
// header names, the leads table's columns, the calendar's `Key:` lines, the spreadsheet's
// columns and the lead form are derived from it, on both sides. Plain data without zod: the
// browser bundles import it as it is.
//
// A new plain field (synced, editable, shown) is a row here, its column in the server's
// `schema.ts` and a generated migration (`pnpm --filter server db:generate`); a test fails
// when this table and the database disagree.
import { FUEL_TYPES, HOUSE_TYPES, LEAD_STATUSES, PROVIDERS } from './vocabulary';

/**
 * What a field holds. It decides the field's shape in the API, its input on the form, its
 * spreadsheet cell and its text in the leads table.
 * - `key`: the lead's identity (the calendar's UID), set once, never edited
 * - `text`: text under the row's text rule
 * - `email`: an e-mail address, or empty
 * - `link`: an http(s) address, or empty
 * - `date`: a moment of the visit, ISO 8601 in UTC, or null; a day (`allDay`) at 00:00 UTC of that day
 * - `week`: the week of the month of the visit's date, shown as `Week N`
 * - `flag`: yes or no
 * - `stamp`: when the app did something to the lead, ISO 8601 in UTC, or null
 */
export type LeadFieldKind = 'key' | 'text' | 'email' | 'link' | 'date' | 'week' | 'flag' | 'stamp';

/** What a text may hold. */
export interface TextRule {
  /** The most characters, after trimming. */
  max: number;
  /** Line breaks are part of the value (a textarea on the form). */
  multiline?: true;
}

/**
 * How a field is preselected when two leads merge (DESIGN.md section 24); the person may
 * pick the other value.
 * - `newest-non-empty`: the value of the lead changed last, unless it is empty
 * - `both`: both leads' texts, the newest first, each once
 */
export type MergeRule = 'newest-non-empty' | 'both';

export interface LeadFieldRow {
  kind: LeadFieldKind;
  /** Its name on every screen, in every export and history entry, and as an import header. */
  label: string;
  /** For `text` and `link`. */
  text?: TextRule;
  /** A new lead must have it: what a person is told when it is empty. */
  required?: string;
  /** A new lead's value when none is sent (otherwise empty: '', null or false by kind). */
  default?: string;
  /** The calendar fills it in: a sync writes it, it is in the content hash and the sheets. */
  synced: boolean;
  /** A person may set it: on the form, in PUT and PATCH, in an import. */
  editable: boolean;
  /** A person's edit of a calendar lead is kept as an office value, which syncs leave alone. */
  officeValue: boolean;
  /** A bulk change may set it on many leads at once. */
  bulk: boolean;
  /** Merging two leads lets the person choose its value, preselected so; null: not merged. */
  merge: MergeRule | null;
  /**
   * The values offered before any lead uses them (event-format.md's vocabulary); present:
   * the form offers a choice among these and the values the leads use.
   */
  choices?: readonly string[];
  /** Its column in the leads table; absent: not a column. */
  column?: {
    /** px: wide enough for its 'Filter {label}...' placeholder; the default columns fit 1440 px. */
    width: number;
    /** Hidden until a person shows it. */
    hidden?: true;
    /** The search does not read it. */
    searched?: false;
    /** Hide All leaves it: the column that names the lead. */
    alwaysShown?: true;
    /** The column's id, when it is not the field's (in links and saved views). */
    id?: string;
  };
  /** A file's column may be imported into it: the header names it goes by besides its name and label. */
  import?: { aliases?: readonly string[] };
  /**
   * The `Key: Value` line of the event's DESCRIPTION it is read from and written back to
   * (event-format.md): the key written, and the other keys read as it.
   */
  calendar?: { line: string; aliases?: readonly string[] };
  /** Its column's name in the spreadsheet (synced fields). */
  sheet?: string;
}

/**
 * One row per field, in the API's order. The database's own columns (id, source, created
 * and updated, needsReview, version) are the lead's bookkeeping, declared in leads.ts.
 */
export const LEAD_FIELD_TABLE = {
  leadId: {
    kind: 'key',
    label: 'Lead ID',
    synced: true,
    editable: false,
    officeValue: false,
    bulk: false,
    merge: null,
    column: { width: 136, hidden: true },
    import: {},
    sheet: 'leadId',
  },
  isFormatted: {
    kind: 'flag',
    label: 'Formatted',
    synced: true,
    editable: false,
    officeValue: false,
    bulk: false,
    merge: null,
  },
  customerName: {
    kind: 'text',
    label: 'Customer Name',
    text: { max: 200 },
    required: 'Customer name is required.',
    synced: true,
    editable: true,
    officeValue: true,
    bulk: false,
    merge: 'newest-non-empty',
    column: { width: 184, alwaysShown: true },
    import: { aliases: ['Customer', 'Name'] },
    sheet: 'customerName',
  },
  address: {
    kind: 'text',
    label: 'Address',
    text: { max: 500 },
    synced: true,
    editable: true,
    officeValue: true,
    bulk: false,
    merge: 'newest-non-empty',
    column: { width: 160 },
    import: { aliases: ['Service Address', 'Location'] },
    sheet: 'address',
  },
  email: {
    kind: 'email',
    label: 'Email',
    synced: true,
    editable: true,
    officeValue: true,
    bulk: false,
    merge: 'newest-non-empty',
    import: { aliases: ['E-mail', 'Email Address', 'E-mail Address'] },
    calendar: { line: 'Email' },
    sheet: 'email',
  },
  phoneNumber: {
    kind: 'text',
    label: 'Phone Number',
    text: { max: 40 },
    synced: true,
    editable: true,
    officeValue: true,
    bulk: false,
    merge: 'newest-non-empty',
    column: { width: 176, hidden: true },
    import: { aliases: ['Phone'] },
    calendar: { line: 'Phone', aliases: ['Phone Number', 'Tel'] },
    sheet: 'phoneNumber',
  },
  auditor: {
    kind: 'text',
    label: 'Auditor',
    text: { max: 120 },
    synced: true,
    editable: true,
    officeValue: true,
    bulk: true,
    merge: 'newest-non-empty',
    // the configured auditors' spellings come from the leads themselves
    choices: [],
    column: { width: 128 },
    import: {},
    calendar: { line: 'Auditor' },
    sheet: 'auditor',
  },
  houseType: {
    kind: 'text',
    label: 'House Type',
    text: { max: 40 },
    synced: true,
    editable: true,
    officeValue: true,
    bulk: false,
    merge: 'newest-non-empty',
    choices: HOUSE_TYPES,
    column: { width: 156 },
    import: { aliases: ['Family Type'] },
    calendar: { line: 'House Type', aliases: ['Family Type', 'Units'] },
    sheet: 'houseType',
  },
  heatingFuel: {
    kind: 'text',
    label: 'Heating Fuel',
    text: { max: 40 },
    synced: true,
    editable: true,
    officeValue: true,
    bulk: false,
    merge: 'newest-non-empty',
    choices: FUEL_TYPES,
    column: { width: 164, hidden: true },
    import: { aliases: ['Fuel'] },
    calendar: { line: 'Heating Fuel', aliases: ['Fuel'] },
    sheet: 'heatingFuel',
  },
  provider: {
    kind: 'text',
    label: 'Provider',
    text: { max: 60 },
    synced: true,
    editable: true,
    officeValue: true,
    bulk: false,
    merge: 'newest-non-empty',
    choices: PROVIDERS,
    column: { width: 136, hidden: true },
    import: { aliases: ['Utility'] },
    calendar: { line: 'Provider', aliases: ['Utility'] },
    sheet: 'provider',
  },
  referredBy: {
    kind: 'text',
    label: 'Referred by',
    text: { max: 200 },
    synced: true,
    editable: true,
    officeValue: true,
    bulk: true,
    merge: 'newest-non-empty',
    column: { width: 156 },
    import: { aliases: ['Referral'] },
    calendar: { line: 'Referred By', aliases: ['Referral', 'Referrer'] },
    sheet: 'referredBy',
  },
  scheduledBy: {
    kind: 'text',
    label: 'Scheduled By',
    text: { max: 120 },
    synced: true,
    editable: true,
    officeValue: true,
    bulk: true,
    merge: 'newest-non-empty',
    column: { width: 168 },
    import: {},
    calendar: { line: 'Scheduled By', aliases: ['Booked By'] },
    sheet: 'scheduledBy',
  },
  status: {
    kind: 'text',
    label: 'Status',
    // New, Scheduled, Completed, Cancelled… or any other text
    text: { max: 40 },
    default: 'New',
    synced: true,
    editable: true,
    officeValue: true,
    bulk: true,
    merge: 'newest-non-empty',
    choices: LEAD_STATUSES,
    column: { width: 124 },
    import: {},
    calendar: { line: 'Status' },
    sheet: 'status',
  },
  scheduledDate: {
    kind: 'date',
    label: 'Scheduled Date',
    synced: true,
    editable: true,
    officeValue: true,
    bulk: false,
    merge: 'newest-non-empty',
    column: { width: 180 },
    import: {},
    sheet: 'scheduledDate',
  },
  allDay: {
    // the visit's time is a day, not an instant (event-format.md, DESIGN.md section 23): set
    // with the date (a date sent without a time is a day), so it follows the date as the week does
    kind: 'flag',
    label: 'All Day',
    synced: true,
    editable: false,
    officeValue: false,
    bulk: false,
    merge: null,
    sheet: 'allDay',
  },
  endDate: {
    kind: 'date',
    label: 'End Time',
    synced: true,
    editable: true,
    officeValue: true,
    bulk: false,
    merge: 'newest-non-empty',
    column: { width: 160, hidden: true, searched: false },
    import: { aliases: ['End Date'] },
    sheet: 'endDate',
  },
  week: {
    kind: 'week',
    label: 'Week View',
    synced: true,
    editable: false,
    officeValue: false,
    bulk: false,
    // follows the date
    merge: null,
    column: { width: 148, hidden: true, id: 'weekView' },
    sheet: 'weekView',
  },
  linkId: {
    kind: 'link',
    label: 'Link ID',
    text: { max: 500 },
    synced: true,
    editable: true,
    officeValue: true,
    bulk: false,
    merge: 'newest-non-empty',
    column: { width: 124, hidden: true },
    import: {},
    sheet: 'linkId',
  },
  comments: {
    kind: 'text',
    label: 'Comments',
    text: { max: 4000, multiline: true },
    synced: true,
    editable: true,
    officeValue: true,
    bulk: false,
    merge: 'both',
    column: { width: 220, hidden: true },
    import: { aliases: ['Notes'] },
    calendar: { line: 'Comments', aliases: ['Notes'] },
    sheet: 'comments',
  },
  lastSyncedAt: {
    kind: 'stamp',
    label: 'Last Synced',
    synced: false,
    editable: false,
    officeValue: false,
    bulk: false,
    merge: null,
    column: { width: 160, hidden: true, searched: false },
  },
} as const satisfies Record<string, LeadFieldRow>;

export type LeadFieldTable = typeof LEAD_FIELD_TABLE;
type Table = LeadFieldTable;
export type LeadField = keyof Table;

/** The row of a field, as the interface reads (every optional part may be asked for). */
export const leadFieldRow = (field: LeadField): LeadFieldRow => LEAD_FIELD_TABLE[field];

/** Every field, in the table's order. */
export const LEAD_FIELDS = Object.keys(LEAD_FIELD_TABLE) as LeadField[];

/** The fields whose `flag` is true. */
export type LeadFieldsWith<Flag extends keyof LeadFieldRow> = {
  [F in LeadField]: Table[F] extends Record<Flag, true> ? F : never;
}[LeadField];
/** The fields that have a `part`. */
export type LeadFieldsHaving<Part extends keyof LeadFieldRow> = {
  [F in LeadField]: Table[F] extends Record<Part, unknown> ? F : never;
}[LeadField];
/** The fields of a kind. */
export type LeadFieldOfKind<Kind extends LeadFieldKind> = {
  [F in LeadField]: Table[F]['kind'] extends Kind ? F : never;
}[LeadField];

const fieldsWhere = <F extends LeadField>(test: (row: LeadFieldRow) => unknown) =>
  LEAD_FIELDS.filter((field) => test(leadFieldRow(field))) as F[];

/**
 * The order the content hash and the sheets' columns were stored in when the table was made:
 * kept, since another would rewrite every lead once and move every sheet's columns. Synced
 * fields not named here follow, in the table's order.
 */
const STORED_SYNCED_ORDER: readonly LeadField[] = [
  'leadId',
  'customerName',
  'address',
  'scheduledDate',
  'endDate',
  'week',
  'auditor',
  'houseType',
  'status',
  'phoneNumber',
  'email',
  'heatingFuel',
  'provider',
  'referredBy',
  'scheduledBy',
  'linkId',
  'comments',
  'isFormatted',
];

export type SyncedLeadField = LeadFieldsWith<'synced'>;
/**
 * The fields a calendar event fills in, in the content hash's (and the sheets') order. The
 * server's LeadRecord, its content hash and the spreadsheet's columns derive from this list.
 */
export const SYNCED_LEAD_FIELDS: readonly SyncedLeadField[] = [
  ...STORED_SYNCED_ORDER.filter((field) => leadFieldRow(field).synced),
  ...LEAD_FIELDS.filter((field) => leadFieldRow(field).synced && !STORED_SYNCED_ORDER.includes(field)),
] as SyncedLeadField[];

export type EditableLeadField = LeadFieldsWith<'editable'>;
/** What a person edits on a lead, in the table's order. */
export const EDITABLE_LEAD_FIELDS = fieldsWhere<EditableLeadField>((row) => row.editable);

export type OfficeValueField = LeadFieldsWith<'officeValue'>;
/** The fields of a calendar lead the office can hold its own value of (what a person edits). */
export const OFFICE_VALUE_FIELDS = fieldsWhere<OfficeValueField>((row) => row.officeValue);

export type MergeableLeadField = {
  [F in LeadField]: Table[F]['merge'] extends MergeRule ? F : never;
}[LeadField];
/** The fields whose value a person chooses when two leads merge, each with its rule. */
export const MERGEABLE_LEAD_FIELDS = fieldsWhere<MergeableLeadField>((row) => row.merge !== null);

export type ChoiceField = LeadFieldsHaving<'choices'>;
/** The fields the form offers a choice of values for, in the table's order. */
export const CHOICE_FIELDS = fieldsWhere<ChoiceField>((row) => row.choices !== undefined);

export type LineField = LeadFieldsHaving<'calendar'>;
/** The fields that live on a `Key: Value` line of the event's DESCRIPTION. */
export const LINE_FIELDS = fieldsWhere<LineField>((row) => row.calendar !== undefined);

export type ImportField = LeadFieldsHaving<'import'>;
/**
 * The lead fields a file's column can be imported into: `leadId` only matches a row to an
 * existing lead (it is never changed); the rest are the editable fields.
 */
export const IMPORT_FIELDS = fieldsWhere<ImportField>((row) => row.import !== undefined);

/** Each field's label (the form, the history, an action's label, an export's header). */
export const LEAD_FIELD_LABELS = Object.fromEntries(
  LEAD_FIELDS.map((field) => [field, leadFieldRow(field).label]),
) as Record<LeadField, string>;

/** The empty value of a kind. */
type EmptyOf<Kind extends LeadFieldKind> = Kind extends 'date' | 'week' | 'stamp'
  ? null
  : Kind extends 'flag'
    ? false
    : '';

/** What a field holds when nothing says otherwise: '' for text, null for a moment, false for a flag. */
export function emptyLeadValue<Kind extends LeadFieldKind>(kind: Kind): EmptyOf<Kind> {
  if (kind === 'date' || kind === 'week' || kind === 'stamp') return null as EmptyOf<Kind>;
  return (kind === 'flag' ? false : '') as EmptyOf<Kind>;
}

/** A new lead's value of a field when none is sent. */
export const leadFieldDefault = (field: LeadField) => {
  const row = leadFieldRow(field);
  return row.default ?? emptyLeadValue(row.kind);
};

/** Every field empty: what a lead holds before anything is known of it. */
export const blankLeadFields = () =>
  Object.fromEntries(LEAD_FIELDS.map((field) => [field, emptyLeadValue(leadFieldRow(field).kind)])) as {
    [F in LeadField]: EmptyOf<Table[F]['kind']>;
  };
