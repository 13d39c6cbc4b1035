import {
  leadFieldRow,
  SYNCED_LEAD_FIELDS,
  weekLabel,
  type LeadFieldKind,
  type SyncedLeadField,
} from '@auditdesk/shared/core';
import type { LeadChunks } from '../../leads/record/leadChunks';
import type { LeadRecord } from '../../leads/record/leadRecord';
import { nextTurn } from '../../../platform/eventLoop/nextTurn';

export const LEADS_SHEET = 'Leads';
export const UNFORMATTED_SHEET = 'Unformatted';
export const SHEET_NAMES = [LEADS_SHEET, UNFORMATTED_SHEET] as const;
export type SheetName = (typeof SHEET_NAMES)[number];

/**
 * A lead's synced value as a sheet's cell: text as it is, a moment as ISO 8601, the week as its
 * label, a flag as `true` or empty (a column added later reads empty on the rows before it).
 */
const cellOf = (kind: LeadFieldKind, value: LeadRecord[SyncedLeadField]): string => {
  if (kind === 'week') return weekLabel(value as number | null);
  if (kind === 'flag') return value ? 'true' : '';
  return value === null ? '' : String(value);
};

/** The cell of a field: a day's Scheduled Date is its date alone (DESIGN.md section 23). */
const cellOfField = (field: SyncedLeadField, kind: LeadFieldKind) => (lead: LeadRecord) =>
  field === 'scheduledDate' && lead.allDay ? lead.scheduledDate.slice(0, 10) : cellOf(kind, lead[field]);

/**
 * The sheets' columns, the spec's lead fields as text (then when the sync last wrote the
 * row): every synced field the field table gives a sheet column, in the synced order.
 */
const COLUMNS = SYNCED_LEAD_FIELDS.flatMap((field) => {
  const { sheet, kind } = leadFieldRow(field);
  return sheet ? [{ name: sheet, cell: cellOfField(field, kind) }] : [];
});

/** Header of both sheets. */
export const HEADER: readonly string[] = [...COLUMNS.map((column) => column.name), 'lastSyncedAt'];
const LEAD_ID = 0;
const SCHEDULED_DATE = HEADER.indexOf('scheduledDate');
const LAST_SYNCED_AT = HEADER.indexOf('lastSyncedAt');

export type SheetRows = Record<SheetName, string[][]>;

/**
 * A row read from a sheet, in HEADER's order, whatever order the sheet's own header row has
 * (a sheet written before a column was added, or one whose columns a person moved): cells
 * are matched by column name; a column the sheet lacks reads empty.
 */
export function alignedRow(sheetHeader: readonly string[], cells: readonly string[]): string[] {
  const same =
    sheetHeader.length === HEADER.length && HEADER.every((name, column) => sheetHeader[column] === name);
  if (same || sheetHeader.length === 0) return HEADER.map((_, column) => cells[column] ?? '');
  return HEADER.map((name) => {
    const at = sheetHeader.indexOf(name);
    return at === -1 ? '' : (cells[at] ?? '');
  });
}

export const sheetOf = (lead: LeadRecord): SheetName => (lead.isFormatted ? LEADS_SHEET : UNFORMATTED_SHEET);

const rowOf = (lead: LeadRecord, syncedAt: string): string[] => [
  ...COLUMNS.map((column) => column.cell(lead)),
  syncedAt,
];

const sameContent = (a: string[] | undefined, b: string[]) =>
  a !== undefined &&
  HEADER.every((_, column) => column === LAST_SYNCED_AT || (a[column] ?? '') === b[column]);

/** A row of a merged sheet: kept as read, or a lead whose row is made when it is written. */
export type SheetEntry = string[] | LeadRecord;

/** How many rows a merge wrote and removed (final once both its sheets were read through). */
export interface MergeTally {
  /** Rows added or rewritten. */
  written: number;
  /** Rows removed: gone from the calendar, or moved to the other sheet. */
  removed: number;
}

export interface MergeResult<Row = string[]> extends MergeTally {
  sheets: Record<SheetName, Row[]>;
}

/**
 * The rows a sheet held before the run, read once: in their order, each leadId once (the
 * first row of a leadId; the others, and rows without one, are not handed on), and which
 * leadIds each sheet holds.
 */
export interface ExistingSheets {
  rows(name: SheetName): Iterable<readonly string[]>;
  holds(name: SheetName, leadId: string): boolean;
  /** Rows left out for repeating a leadId of their sheet: removed by the merge. */
  readonly repeated: number;
}

/** The leadId of a row read from a sheet (empty when it has none). */
export const leadIdOfRow = (row: readonly string[]): string => row[LEAD_ID] ?? '';

/** ExistingSheets of rows already in memory (a sheet read whole, as Google's). */
export function existingSheetsOf(rows: SheetRows): ExistingSheets {
  let repeated = 0;
  const kept = {} as Record<SheetName, string[][]>;
  const held = {} as Record<SheetName, Set<string>>;
  for (const name of SHEET_NAMES) {
    kept[name] = [];
    held[name] = new Set();
    for (const row of rows[name]) {
      const leadId = leadIdOfRow(row);
      if (!leadId) continue;
      if (held[name].has(leadId)) repeated += 1;
      else {
        held[name].add(leadId);
        kept[name].push(row);
      }
    }
  }
  return { rows: (name) => kept[name], holds: (name, leadId) => held[name].has(leadId), repeated };
}

/** The row of a merged sheet's entry. */
export const rowOfEntry = (entry: SheetEntry, syncedAt: string): string[] =>
  Array.isArray(entry) ? entry : rowOf(entry, syncedAt);

/** How many of the leads go to each sheet: a turn of the event loop after each chunk (a large run reads all of them). */
export async function countBySheet(leads: LeadChunks): Promise<Record<SheetName, number>> {
  const counts: Record<SheetName, number> = { Leads: 0, Unformatted: 0 };
  for (const chunk of leads.chunks()) {
    for (const lead of chunk) counts[sheetOf(lead)] += 1;
    await nextTurn();
  }
  return counts;
}

/**
 * One sheet after the run: its rows in their order, each kept as it is (with its
 * lastSyncedAt), made afresh when its lead changed, or left out when its lead is gone from
 * the calendar inside the range or now belongs on the other sheet (rows outside the range
 * are kept); then the sheet's new leads in the run's order, each row made as it is written.
 */
function* mergedSheet(
  name: SheetName,
  existing: ExistingSheets,
  leads: LeadChunks,
  range: { from: number; to: number },
  syncedAt: string,
  tally: MergeTally,
): Generator<SheetEntry> {
  for (const row of existing.rows(name)) {
    const lead = leads.find(leadIdOfRow(row));
    if (!lead) {
      const scheduled = Date.parse(row[SCHEDULED_DATE] ?? '');
      if (scheduled >= range.from && scheduled <= range.to) tally.removed += 1;
      else yield row as string[];
    } else if (sheetOf(lead) !== name) tally.removed += 1;
    else {
      const fresh = rowOf(lead, syncedAt);
      if (sameContent(row as string[], fresh)) yield row as string[];
      else {
        tally.written += 1;
        yield fresh;
      }
    }
  }
  for (const chunk of leads.chunks(name === LEADS_SHEET))
    for (const lead of chunk)
      if (!existing.holds(name, lead.leadId)) {
        tally.written += 1;
        yield lead;
      }
}

/**
 * The sheets after a sync of `range`: one row per leadId, on the sheet its formatting says
 * (see mergedSheet). Each sheet is made as it is read, a row at a time, and `tally` counts
 * as it goes: a large sheet and a large run are never whole in memory.
 */
export function mergeSheets(
  existing: ExistingSheets,
  leads: LeadChunks,
  range: { from: number; to: number },
  syncedAt: string,
): { sheets: Record<SheetName, Iterable<SheetEntry>>; tally: MergeTally } {
  const tally: MergeTally = { written: 0, removed: existing.repeated };
  const sheet = (name: SheetName) => mergedSheet(name, existing, leads, range, syncedAt, tally);
  return { sheets: { Leads: sheet(LEADS_SHEET), Unformatted: sheet(UNFORMATTED_SHEET) }, tally };
}

/** mergeSheets of rows in memory, every row made (a sheet written cell by cell, as Google's). */
export function mergeSheetRows(
  existing: SheetRows,
  leads: LeadChunks,
  range: { from: number; to: number },
  syncedAt: string,
): MergeResult {
  const merged = mergeSheets(existingSheetsOf(existing), leads, range, syncedAt);
  const sheets = {} as SheetRows;
  for (const name of SHEET_NAMES)
    sheets[name] = Array.from(merged.sheets[name], (entry) => rowOfEntry(entry, syncedAt));
  return { sheets, ...merged.tally };
}
