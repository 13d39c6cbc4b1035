import {
  EDITABLE_LEAD_FIELDS,
  formatProblems,
  LEAD_COLUMNS,
  leadDay,
  leadWeek,
  weekLabel,
  type LeadColumnId,
  type LeadField,
} from '@auditdesk/shared';
import type { ApiLead, LeadRow } from './leadTypes';

/** What a row holds of each lead field: every column's, and every field the form edits. */
const ROW_CELLS: readonly { id: LeadColumnId | LeadField; field: LeadField; week: boolean }[] = [
  ...LEAD_COLUMNS.map((column) => ({ id: column.id, field: column.field, week: column.kind === 'week' })),
  ...EDITABLE_LEAD_FIELDS.filter((field) => !LEAD_COLUMNS.some((column) => column.id === field)).map(
    (field) => ({ id: field, field, week: false }),
  ),
];

/**
 * Every row starts as a copy of this one: rows of one shape, made without growing an object
 * key by key (100,000 leads are made rows at once).
 */
const BLANK_ROW = {
  id: 0,
  source: '',
  isFormatted: false,
  allDay: false,
  scheduledDay: '',
  formatProblems: [],
  version: 0,
  needsReview: false,
  mergedLeadIds: [],
  ...Object.fromEntries(ROW_CELLS.map((cell) => [cell.id, ''])),
} as unknown as LeadRow;

/**
 * A lead as the table's row: each field as text (the week as its label, an unknown moment as
 * ''). Spec section 3: customerName falls back to name, then e-mail; phoneNumber to phone.
 * `timeZone`: the business's, whose calendar an instant's day and week are on (the week the
 * comparison counts the lead in, not the UTC day's week the sync stores).
 */
export function toLeadRow(lead: ApiLead, timeZone?: string): LeadRow {
  const row = { ...BLANK_ROW };
  const cells = row as unknown as Record<string, string>;
  const values = lead as unknown as Record<string, unknown>;
  const allDay = lead.allDay ?? false;
  const weekText = weekLabel(leadWeek(lead.scheduledDate, allDay, timeZone));
  for (const { id, field, week } of ROW_CELLS)
    cells[id] = week ? weekText : ((values[field] as string | null | undefined) ?? '');
  row.id = lead.id;
  row.source = lead.source;
  row.isFormatted = lead.isFormatted;
  row.allDay = allDay;
  row.scheduledDay = leadDay(lead.scheduledDate, allDay, timeZone);
  row.formatProblems = lead.isFormatted ? [] : formatProblems(lead);
  row.version = lead.version ?? 0;
  row.needsReview = lead.needsReview ?? false;
  if (lead.mergedLeadIds) row.mergedLeadIds = lead.mergedLeadIds;
  row.customerName = lead.customerName || lead.name || lead.email || '';
  row.phoneNumber = lead.phoneNumber || lead.phone || '';
  return row;
}

/** Status read case-insensitively; New when empty (spec section 4, "Lead status"). */
export function displayStatus(status: string): string {
  return status.trim() || 'New';
}

export function statusColor(status: string): string {
  switch (displayStatus(status).toLowerCase()) {
    case 'scheduled':
      return 'green';
    case 'cancelled':
      return 'red';
    case 'completed':
      return 'blue';
    default:
      return 'gray';
  }
}

/** mm/dd/yyyy of the UTC calendar day; empty for none. */
export function formatDay(iso: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`;
}
