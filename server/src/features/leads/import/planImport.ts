import {
  dayIn,
  formatTimeIn,
  isDayText,
  leadDateFromInput,
  leadDateInput,
  leadCreate,
  type ImportField,
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
import { emailKey, looseText, phoneKey } from '../duplicates/duplicateKeys';
import type { HistoryField } from '../history/historyStatements';
import { atWallClock, parseDay, parseInstant, parseTime } from './importMoments';
import type { ImportRow, MappedColumns } from './importTable';
import { createFieldChecks } from './checkImportedFields';

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
  auditors: readonly string[];
  /** The business's zone (CALENDAR_TIMEZONE): times without an offset are its clocks'. */
  timeZone: string;
}

/** What the calendar's parser does to a value, done to the same field of a file (event-format.md). */
function normalize(field: ImportedField, text: string, auditors: readonly string[]): string {
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

/**
 * `work` remembered by its argument. A file repeats its values (a status, an auditor, a day),
 * and a hostile one repeats one long text in every row: each is worked on once.
 */
function memoized(work: (key: string) => string): (key: string) => string {
  const known = new Map<string, string>();
  return (key) => {
    let value = known.get(key);
    if (value === undefined) known.set(key, (value = work(key)));
    return value;
  };
}

const displayStatus = (status: string | null) => (status ?? '').trim() || 'New';

/** Equal as the screens show them: an empty status is New. */
function sameValue(field: ImportedField, next: string | null, current: string | null): boolean {
  if (field === 'status') return displayStatus(next) === displayStatus(current);
  return (next ?? '') === (current ?? '');
}

/** How the duplicates compare each field they are keyed on. */
const KEY_OF: Partial<Record<ImportedField, (text: string) => string | null>> = {
  phoneNumber: phoneKey,
  email: emailKey,
  customerName: looseText,
  address: looseText,
};

/** The same phone, e-mail, name or address as the duplicates compare them ((617) 555-0142 is 617.555.0142). */
function sameKey(field: ImportedField, next: string, current: string | null): boolean {
  const key = KEY_OF[field];
  if (!key) return false;
  const nextKey = key(next);
  return !!nextKey && nextKey === key(current ?? '');
}

type Parsed = { value: string | null } | { problem: string };

/**
 * The Scheduled Date of a cell (`current`: the lead's, as its text: a day as yyyy-mm-dd): a
 * day alone is a day (DESIGN.md section 23), but on a lead with a time on that same day (the
 * export writes the day only) it keeps the lead's time, and on a lead with a time on another
 * day it keeps that time of day; a date and time is taken as it is.
 */
function scheduledDate(
  text: string,
  current: string | null,
  zone: { timeZone: string; dayOf: (instant: string) => string },
): Parsed {
  if (!text) return { value: null };
  const day = parseDay(text);
  if (day) {
    if (!current || isDayText(current)) return { value: day };
    if (zone.dayOf(current) === day) return { value: current };
    const { time } = leadDateInput(current, false, zone.timeZone);
    return { value: leadDateFromInput(day, time, zone.timeZone) };
  }
  const instant = parseInstant(text, zone.timeZone);
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

/** A new lead's fields that a file leaves out, as POST /leads defaults them. */
const { customerName: _name, ...CREATE_DEFAULTS } = leadCreate.parse({ customerName: '-' });
/** The fields whose values the calendar's parser normalises, so the import does too. */
const NORMALIZED = new Set<ImportedField>(['houseType', 'heatingFuel', 'provider', 'auditor', 'status']);

/**
 * Plans a file's rows one at a time: what importing a row would do to the lead it is matched
 * with (`lead`: by its Lead ID, or a possible duplicate the person chose), or, without one,
 * the manual lead it would create, or why it cannot. Values are normalised as the calendar's
 * are; a lead's source and Lead ID are never changed. Which lead a row goes to is decided
 * before (importMatches.ts).
 */
export function createImportPlanner({ header, columns }: MappedColumns, context: PlanContext) {
  const named = (column: number) => header[column] || `Column ${column + 1}`;
  const at = (field: ImportField) => columns.findIndex((entry) => entry.field === field);
  const leadIdAt = at('leadId');
  const customerAt = at('customerName');
  const fields = columns.flatMap(({ field, column }, index) =>
    field === 'leadId' ? [] : [{ field: field as ImportedField, column, index }],
  );
  // the start first: a time alone in End Time is on the visit's (new) day
  const dateFields = fields
    .filter(({ field }) => field === 'scheduledDate' || field === 'endDate')
    .sort((a, b) => (a.field === 'scheduledDate' ? -1 : b.field === 'scheduledDate' ? 1 : 0));
  const textFields = fields.filter(({ field }) => field !== 'scheduledDate' && field !== 'endDate');
  const normalizers = new Map(
    textFields
      .filter(({ field }) => NORMALIZED.has(field))
      .map(({ field }) => [field, memoized((text) => normalize(field, text, context.auditors))] as const),
  );
  // one formatter for every row, and each day or wall-clock time worked out once: rows
  // repeat them, and Intl's zone arithmetic is the slow part of a plan
  const dayOf = memoized(dayIn(context.timeZone));
  const zone = {
    timeZone: context.timeZone,
    // a date's text: a day is its own day, an instant's is on the business's calendar
    dayOf: (value: string) => (isDayText(value) ? value : dayOf(value)),
    at: memoized((key: string) => {
      const [day, hour, minute] = key.split('|') as [string, string, string];
      return atWallClock(day, { hour: Number(hour), minute: Number(minute) }, context.timeZone);
    }),
  };
  const weekOf = memoized((day: string) => String(weekOfMonth(new Date(day))));
  const checkFields = createFieldChecks();

  /** The row's name as a preview lists it: its own, else its lead's. */
  const nameOf = (row: ImportRow, lead: ExistingLead | undefined) =>
    (customerAt === -1 ? '' : row.cells[customerAt]!) || lead?.customerName || '';

  const fail = (row: ImportRow, lead: ExistingLead | undefined, reason: string): PlannedRow => ({
    number: row.number,
    customerName: nameOf(row, lead),
    outcome: 'error',
    leadId: lead ? lead.leadId : null,
    reason,
  });

  return {
    /** The Lead ID the row names ('' when none). */
    leadIdOf: (row: ImportRow) => (leadIdAt === -1 ? '' : row.cells[leadIdAt]!),
    /** The text of a mapped field ('' when the file has no such column). */
    textOf(row: ImportRow, field: ImportField): string {
      const index = at(field);
      return index === -1 ? '' : row.cells[index]!;
    },
    fail,
    /** The week of the month of a new scheduled date (memoised: rows repeat days). */
    weekOf: (scheduledDate: string | null) =>
      scheduledDate ? Number(weekOf(scheduledDate.slice(0, 10))) : null,

    /**
     * `asDuplicate`: the row goes to `lead` because it looks like it (not by its Lead ID), so
     * it says only what it fills in: an empty cell keeps the lead's value, and a phone, an
     * e-mail, a name or an address written another way (its duplicate key the same: case,
     * accents, punctuation) stays the lead's as it is.
     */
    plan(row: ImportRow, lead: ExistingLead | undefined, asDuplicate = false): PlannedRow {
      const { number, cells } = row;
      const customerName = nameOf(row, lead);
      const values: FieldValues = {};
      const problems: string[] = [];
      for (const { field, index } of textFields) {
        const normalizer = normalizers.get(field);
        values[field] = normalizer ? normalizer(cells[index]!) : cells[index]!;
      }
      for (const { field, column, index } of dateFields) {
        const scheduled = 'scheduledDate' in values ? values.scheduledDate! : (lead?.scheduledDate ?? null);
        const parsed =
          field === 'scheduledDate'
            ? scheduledDate(cells[index]!, lead?.scheduledDate ?? null, zone)
            : endDate(cells[index]!, lead?.endDate ?? null, scheduled, zone);
        if ('problem' in parsed) problems.push(`${named(column)}: ${parsed.problem}`);
        else values[field] = parsed.value;
      }
      const checked = checkFields(values);
      for (const { field, message } of checked.problems)
        problems.push(`${named(fields.find((entry) => entry.field === field)!.column)}: ${message}`);
      if (problems.length > 0) return fail(row, lead, problems.join(' '));

      if (!lead) {
        if (customerAt === -1)
          return fail(row, lead, 'Customer name is required: map a column to Customer Name.');
        const created = checked.data as LeadCreate;
        return {
          number,
          customerName,
          outcome: 'create',
          values: { ...CREATE_DEFAULTS, ...created, status: created.status || CREATE_DEFAULTS.status },
        };
      }

      const changes: FieldValues = {};
      // the values as the contract takes them (a CRLF in a comment is one line break), as a create's are
      for (const [field, value] of Object.entries(checked.data as FieldValues) as [
        ImportedField,
        string | null,
      ][]) {
        if (sameValue(field, value, lead[field])) continue;
        if (asDuplicate && (!value || sameKey(field, value, lead[field]))) continue;
        changes[field] = field === 'status' && !value ? 'New' : value;
      }
      if (Object.keys(changes).length === 0)
        return { number, customerName, outcome: 'unchanged', leadId: lead.leadId };
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
    },
  };
}

export type ImportPlanner = ReturnType<typeof createImportPlanner>;
