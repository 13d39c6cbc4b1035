import {
  dayIn,
  formatTimeIn,
  leadCreate,
  leadReplace,
  type ImportField,
  type ImportMapping,
  type LeadCreate,
} from '@auditdesk/shared/core';
import {
  matchAuditor,
  normalizeFuel,
  normalizeHouseType,
  normalizeProvider,
  titleCase,
} from '../record/normalizers';
import { weekOfMonth } from '../record/weekOfMonth';
import type { HistoryField } from '../history/historyStatements';
import { atWallClock, parseDay, parseInstant, parseTime } from './importMoments';
import type { ImportTable } from './importTable';

/** An editable field an import may change (every import field but leadId). */
export type ImportedField = Exclude<ImportField, 'leadId'> & HistoryField;
export type FieldValues = Partial<Record<ImportedField, string | null>>;

/** What the import needs to know of a lead the file names. */
export interface ExistingLead extends Record<ImportedField, string | null> {
  id: number;
  leadId: string;
}

export type PlannedRow = { number: number; customerName: string } & (
  | { outcome: 'create'; values: LeadCreate }
  | { outcome: 'update'; id: number; leadId: string; changes: FieldValues; week?: number | null }
  | { outcome: 'unchanged'; leadId: string }
  | { outcome: 'error'; leadId: string | null; reason: string }
);

export interface PlanContext {
  /** The live leads whose Lead ID the file names. */
  existing: ReadonlyMap<string, ExistingLead>;
  auditors: readonly string[];
  /** The business's zone (CALENDAR_TIMEZONE): times without an offset are its clocks'. */
  timeZone: string;
}

/** What the calendar's parser does to a value, done to the same field of a file (event-format.md). */
function normalized(field: ImportedField, text: string, auditors: readonly string[]): string {
  switch (field) {
    case 'houseType':
      return normalizeHouseType(text) ?? text;
    case 'heatingFuel':
      return normalizeFuel(text);
    case 'provider':
      return normalizeProvider(text);
    case 'auditor':
      return matchAuditor(text, auditors);
    case 'status':
      return text ? titleCase(text) : '';
    default:
      return text;
  }
}

/** `work` remembered by its argument. */
function memoized(work: (key: string) => string): (key: string) => string {
  const known = new Map<string, string>();
  return (key) => {
    let value = known.get(key);
    if (value === undefined) known.set(key, (value = work(key)));
    return value;
  };
}

const displayStatus = (status: string | null) => (status ?? '').trim() || 'New';
const utcDay = (iso: string) => new Date(iso).toISOString().slice(0, 10);

/** Equal as the screens show them: an empty status is New. */
function sameValue(field: ImportedField, next: string | null, current: string | null): boolean {
  if (field === 'status') return displayStatus(next) === displayStatus(current);
  return (next ?? '') === (current ?? '');
}

type Parsed = { value: string | null } | { problem: string };

/**
 * The Scheduled Date of a cell: a day alone keeps the lead's time of day (the export writes
 * the day only), a date and time is taken as it is.
 */
function scheduledDate(text: string, current: string | null, timeZone: string): Parsed {
  if (!text) return { value: null };
  const day = parseDay(text);
  if (day) {
    if (!current) return { value: `${day}T00:00:00.000Z` };
    if (utcDay(current) === day) return { value: current };
    return { value: `${day}${new Date(current).toISOString().slice(10)}` };
  }
  const instant = parseInstant(text, timeZone);
  return instant
    ? { value: instant }
    : { problem: 'enter a day (mm/dd/yyyy or yyyy-mm-dd) or a date and time.' };
}

/** The End Time of a cell: a time alone is on the visit's day, as the export writes it. */
function endDate(
  text: string,
  current: string | null,
  scheduled: string | null,
  zone: { timeZone: string; dayOf: (instant: string) => string; at: (dayAndTime: string) => string },
): Parsed {
  if (!text) return { value: null };
  const instant = parseInstant(text, zone.timeZone);
  if (instant) return { value: instant };
  const time = parseTime(text);
  if (!time) return { problem: 'enter a time (10:30 AM) or a date and time.' };
  const sameClock = (iso: string) =>
    formatTimeIn(iso, zone.timeZone) === formatTimeIn(atWallClock('2000-01-01', time, 'UTC'), 'UTC');
  if (current && sameClock(current) && (!scheduled || zone.dayOf(current) === zone.dayOf(scheduled)))
    return { value: current };
  if (!scheduled) return { problem: 'a time alone needs a Scheduled Date; enter a date and time.' };
  return { value: zone.at(`${zone.dayOf(scheduled)}|${time.hour}|${time.minute}`) };
}

/** Every field of a row checked at once (one parse a row, not one a field). */
const ROW_FIELDS = leadReplace.partial();
/** A new lead's fields that a file leaves out, as POST /leads defaults them. */
const { customerName: _name, ...CREATE_DEFAULTS } = leadCreate.parse({ customerName: '-' });

/**
 * What importing each row of the table would do: create a manual lead, update the fields
 * that differ on the lead its Lead ID names, nothing, or why it cannot. Values are
 * normalised as the calendar's are; a lead's source and Lead ID are never changed.
 */
export function planImport(table: ImportTable, mapping: ImportMapping, context: PlanContext): PlannedRow[] {
  const columns = mapping.flatMap((field, column) =>
    field && field !== 'leadId' ? [{ field, column }] : [],
  );
  const leadIdColumn = mapping.indexOf('leadId');
  const named = (column: number) => table.header[column] || `Column ${column + 1}`;
  const seen = new Map<string, number>();
  // one formatter for every row, and each day or wall-clock time worked out once: rows
  // repeat them, and Intl's zone arithmetic is the slow part of a plan
  const dayOf = memoized(dayIn(context.timeZone));
  const zone = {
    timeZone: context.timeZone,
    dayOf,
    at: memoized((key: string) => {
      const [day, hour, minute] = key.split('|') as [string, string, string];
      return atWallClock(day, { hour: Number(hour), minute: Number(minute) }, context.timeZone);
    }),
  };

  return table.rows.map(({ number, cells }): PlannedRow => {
    const cell = (column: number) => (cells[column] ?? '').trim();
    const leadIdText = leadIdColumn === -1 ? '' : cell(leadIdColumn);
    const lead = leadIdText ? context.existing.get(leadIdText) : undefined;
    const customerCell = columns.find(({ field }) => field === 'customerName');
    const customerName = (customerCell ? cell(customerCell.column) : '') || lead?.customerName || '';
    const fail = (reason: string): PlannedRow => ({
      number,
      customerName,
      outcome: 'error',
      leadId: lead ? lead.leadId : null,
      reason,
    });

    if (lead) {
      const earlier = seen.get(lead.leadId);
      if (earlier !== undefined)
        return fail(`Lead ID ${lead.leadId} is also in row ${earlier}; a lead can be in a file once.`);
      seen.set(lead.leadId, number);
    }

    const values: FieldValues = {};
    const problems: string[] = [];
    const columnOf = new Map<ImportedField, number>();
    const dateColumns: { field: 'scheduledDate' | 'endDate'; column: number }[] = [];
    for (const { field, column } of columns) {
      columnOf.set(field, column);
      if (field === 'scheduledDate' || field === 'endDate') dateColumns.push({ field, column });
      else values[field] = normalized(field, cell(column), context.auditors);
    }
    // the start first: a time alone in End Time is on the visit's (new) day
    dateColumns.sort((a, b) => (a.field === 'scheduledDate' ? -1 : b.field === 'scheduledDate' ? 1 : 0));
    for (const { field, column } of dateColumns) {
      const scheduled = 'scheduledDate' in values ? values.scheduledDate! : (lead?.scheduledDate ?? null);
      const parsed =
        field === 'scheduledDate'
          ? scheduledDate(cell(column), lead?.scheduledDate ?? null, context.timeZone)
          : endDate(cell(column), lead?.endDate ?? null, scheduled, zone);
      if ('problem' in parsed) problems.push(`${named(column)}: ${parsed.problem}`);
      else values[field] = parsed.value;
    }
    const checked = ROW_FIELDS.safeParse(values);
    if (!checked.success)
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as ImportedField;
        problems.push(`${named(columnOf.get(field)!)}: ${issue.message}`);
      }
    if (problems.length > 0) return fail(problems.join(' '));

    if (!lead) {
      if (!customerCell) return fail('Customer name is required: map a column to Customer Name.');
      const fields = checked.data as LeadCreate;
      return {
        number,
        customerName,
        outcome: 'create',
        values: { ...CREATE_DEFAULTS, ...fields, status: fields.status || CREATE_DEFAULTS.status },
      };
    }

    const changes: FieldValues = {};
    // the values as the contract takes them (a CRLF in a comment is one line break), as a create's are
    for (const [field, value] of Object.entries(checked.data as FieldValues) as [
      ImportedField,
      string | null,
    ][])
      if (!sameValue(field, value, lead[field]))
        changes[field] = field === 'status' && !value ? 'New' : value;
    const changed = Object.keys(changes).length > 0;
    if (!changed) return { number, customerName, outcome: 'unchanged', leadId: lead.leadId };
    return {
      number,
      customerName,
      outcome: 'update',
      id: lead.id,
      leadId: lead.leadId,
      changes,
      ...('scheduledDate' in changes
        ? { week: changes.scheduledDate ? weekOfMonth(new Date(changes.scheduledDate)) : null }
        : {}),
    };
  });
}
