import { weekLabel, type SyncedLeadField } from '@auditdesk/shared/core';
import { allLeads, type LeadChunks } from '../../leads/record/leadChunks';
import type { LeadRecord } from '../../leads/record/leadRecord';

export const LEADS_SHEET = 'Leads';
export const UNFORMATTED_SHEET = 'Unformatted';
export const SHEET_NAMES = [LEADS_SHEET, UNFORMATTED_SHEET] as const;
export type SheetName = (typeof SHEET_NAMES)[number];

/**
 * The sheets' columns, the spec's lead fields as text (then when the sync last wrote the row):
 * every synced field but the ones that choose the sheet or are shown
 * as a label (the week as "Week N"); the compiler fails here when the contract gains a field.
 */
type SheetColumn = Exclude<SyncedLeadField, 'isFormatted' | 'week'> | 'weekView';

const COLUMNS = {
  leadId: (lead: LeadRecord) => lead.leadId,
  customerName: (lead: LeadRecord) => lead.customerName,
  address: (lead: LeadRecord) => lead.address,
  scheduledDate: (lead: LeadRecord) => lead.scheduledDate,
  endDate: (lead: LeadRecord) => lead.endDate ?? '',
  weekView: (lead: LeadRecord) => weekLabel(lead.week),
  auditor: (lead: LeadRecord) => lead.auditor,
  houseType: (lead: LeadRecord) => lead.houseType,
  status: (lead: LeadRecord) => lead.status,
  phoneNumber: (lead: LeadRecord) => lead.phoneNumber,
  email: (lead: LeadRecord) => lead.email,
  heatingFuel: (lead: LeadRecord) => lead.heatingFuel,
  provider: (lead: LeadRecord) => lead.provider,
  referredBy: (lead: LeadRecord) => lead.referredBy,
  scheduledBy: (lead: LeadRecord) => lead.scheduledBy,
  linkId: (lead: LeadRecord) => lead.linkId,
  comments: (lead: LeadRecord) => lead.comments,
} satisfies Record<SheetColumn, (lead: LeadRecord) => string>;
const LEAD_COLUMNS = Object.keys(COLUMNS) as (keyof typeof COLUMNS)[];

/** Header of both sheets. */
export const HEADER = [...LEAD_COLUMNS, 'lastSyncedAt'] as const;
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
  ...LEAD_COLUMNS.map((column) => COLUMNS[column](lead)),
  syncedAt,
];

const sameContent = (a: string[] | undefined, b: string[]) =>
  a !== undefined &&
  HEADER.every((_, column) => column === LAST_SYNCED_AT || (a[column] ?? '') === b[column]);

/** A row of a merged sheet: kept as read, or a lead whose row is made when it is written. */
export type SheetEntry = string[] | LeadRecord;

export interface MergeResult<Row = string[]> {
  /** Each read once, in order, as its sheet is written. */
  sheets: Record<SheetName, Iterable<Row>>;
  /** Rows added or rewritten. */
  written: number;
  /** Rows removed: gone from the calendar, or moved to the other sheet. */
  removed: number;
}

/** The row of a merged sheet's entry. */
export const rowOfEntry = (entry: SheetEntry, syncedAt: string): string[] =>
  Array.isArray(entry) ? entry : rowOf(entry, syncedAt);

/** How many of the leads go to each sheet. */
export function countBySheet(leads: LeadChunks): Record<SheetName, number> {
  const counts: Record<SheetName, number> = { Leads: 0, Unformatted: 0 };
  for (const chunk of leads.chunks()) for (const lead of chunk) counts[sheetOf(lead)] += 1;
  return counts;
}

function* leadsOfSheet(leads: LeadChunks, name: SheetName): Generator<LeadRecord> {
  for (const chunk of leads.chunks(name === LEADS_SHEET)) yield* chunk;
}

/**
 * The sheets after a sync of `range`: one row per leadId, on the sheet its formatting
 * says; unchanged rows kept as they are (with their lastSyncedAt); rows of leads that are
 * gone from the calendar inside the range removed; rows outside the range kept. A new
 * lead's row is left to be made as it is written (rowOfEntry), and sheets that held no rows
 * (a first run) are the leads read as they are written, so a large first run is never in
 * memory at once. `perSheet`: countBySheet of the leads, when the caller has it.
 */
export function mergeSheetEntries(
  existing: SheetRows,
  runLeads: LeadChunks,
  range: { from: number; to: number },
  syncedAt: string,
  perSheet: Record<SheetName, number> = countBySheet(runLeads),
): MergeResult<SheetEntry> {
  if (existing.Leads.length + existing.Unformatted.length === 0)
    return {
      sheets: { Leads: leadsOfSheet(runLeads, 'Leads'), Unformatted: leadsOfSheet(runLeads, 'Unformatted') },
      written: perSheet.Leads + perSheet.Unformatted,
      removed: 0,
    };
  // rows to match: every lead at hand (the sheet's rows are in memory already, as many)
  const leads = allLeads(runLeads);
  const current = new Map(leads.map((lead) => [lead.leadId, lead]));
  let written = 0;
  let removed = 0;
  const sheets = {} as Record<SheetName, SheetEntry[]>;

  for (const name of SHEET_NAMES) {
    const kept: SheetEntry[] = [];
    const index = new Map<string, number>();
    for (const row of existing[name]) {
      const leadId = row[LEAD_ID] ?? '';
      const lead = current.get(leadId);
      const scheduled = Date.parse(row[SCHEDULED_DATE] ?? '');
      const goneInRange = !lead && scheduled >= range.from && scheduled <= range.to;
      const movedAway = lead && sheetOf(lead) !== name;
      if (!leadId || goneInRange || movedAway || index.has(leadId)) {
        if (leadId) removed += 1;
        continue;
      }
      index.set(leadId, kept.length);
      kept.push(row);
    }
    if (kept.length === 0) {
      // nothing kept to match (a first run): every lead of the sheet is a new row, no lookups held
      for (const lead of leads) if (sheetOf(lead) === name) kept.push(lead);
      written += kept.length;
      sheets[name] = kept;
      continue;
    }
    for (const lead of leads) {
      if (sheetOf(lead) !== name) continue;
      const at = index.get(lead.leadId);
      if (at === undefined) {
        index.set(lead.leadId, kept.length);
        kept.push(lead);
        written += 1;
        continue;
      }
      const fresh = rowOf(lead, syncedAt);
      if (!sameContent(rowOfEntry(kept[at]!, syncedAt), fresh)) {
        kept[at] = fresh;
        written += 1;
      }
    }
    sheets[name] = kept;
  }
  return { sheets, written, removed };
}

/** mergeSheetEntries with every row made (a sheet written cell by cell, as Google's). */
export function mergeSheetRows(
  existing: SheetRows,
  leads: LeadChunks,
  range: { from: number; to: number },
  syncedAt: string,
): Omit<MergeResult, 'sheets'> & { sheets: SheetRows } {
  const merged = mergeSheetEntries(existing, leads, range, syncedAt);
  const sheets = {} as SheetRows;
  for (const name of SHEET_NAMES)
    sheets[name] = Array.from(merged.sheets[name], (entry) => rowOfEntry(entry, syncedAt));
  return { ...merged, sheets };
}
