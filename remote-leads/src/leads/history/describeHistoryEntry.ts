import { formatDayAndTimeIn, type LeadHistoryEntry } from '@auditdesk/shared';
import { LEAD_FIELD_LABELS } from '../leadFieldLabels';

const TIME_FIELDS = new Set(['scheduledDate', 'endDate']);

/** Who made the change, as a person reads it: their name, or the sync run. */
export function actorName(entry: LeadHistoryEntry): string {
  if (entry.by.kind === 'sync') return `Sync #${entry.by.runId}`;
  return entry.by.name ?? 'Someone';
}

function valueText(field: string, value: string | null, timeZone: string | undefined): string {
  if (!value) return '(empty)';
  return TIME_FIELDS.has(field) ? formatDayAndTimeIn(value, timeZone) || value : value;
}

/** One line of the timeline: "Dana Brooks changed Status from Scheduled to Cancelled". */
export function describeHistoryEntry(entry: LeadHistoryEntry, timeZone?: string): string {
  const who = actorName(entry);
  if (entry.kind === 'created') return `${who} created the lead`;
  if (entry.kind === 'deleted') return `${who} deleted the lead`;
  if (entry.kind === 'restored') return `${who} restored the lead`;
  const field = entry.field ?? '';
  const label = LEAD_FIELD_LABELS[field as keyof typeof LEAD_FIELD_LABELS] ?? field;
  return `${who} changed ${label} from ${valueText(field, entry.oldValue, timeZone)} to ${valueText(field, entry.newValue, timeZone)}`;
}
