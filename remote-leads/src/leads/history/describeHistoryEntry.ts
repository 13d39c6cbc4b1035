import { formatLeadTime, storedLeadDate, type LeadHistoryEntry } from '@auditdesk/shared';
import { LEAD_FIELD_LABELS } from '../leadFieldLabels';

const TIME_FIELDS = new Set(['scheduledDate', 'endDate']);

/** Who made the change, as a person reads it: their name, or the sync run. */
export function actorName(entry: LeadHistoryEntry): string {
  if (entry.by.kind === 'sync') return `Sync #${entry.by.runId}`;
  return entry.by.name ?? 'Someone';
}

/**
 * A field's value as a person reads it: times in the business's zone, a day (kept as its date,
 * yyyy-mm-dd) as that day, '(empty)' for nothing.
 */
export function valueText(field: string, value: string | null, timeZone: string | undefined): string {
  if (!value) return '(empty)';
  if (!TIME_FIELDS.has(field)) return value;
  const { value: stored, allDay } = storedLeadDate(value);
  return formatLeadTime(stored, allDay, timeZone) || value;
}

/** One line of the timeline: "Dana Brooks changed Status from Scheduled to Cancelled". */
export function describeHistoryEntry(entry: LeadHistoryEntry, timeZone?: string): string {
  const who = actorName(entry);
  if (entry.kind === 'created') return `${who} created the lead`;
  if (entry.kind === 'deleted') return `${who} deleted the lead`;
  if (entry.kind === 'restored') return `${who} restored the lead`;
  if (entry.kind === 'merged')
    return `${who} merged “${entry.oldValue || '(no name)'}” (Lead ID ${entry.newValue ?? '?'}) into this lead`;
  const field = entry.field ?? '';
  const label = LEAD_FIELD_LABELS[field as keyof typeof LEAD_FIELD_LABELS] ?? field;
  const from = valueText(field, entry.oldValue, timeZone);
  const to = valueText(field, entry.newValue, timeZone);
  if (entry.kind === 'conflict')
    return entry.field
      ? `${who} found ${label} changed in the calendar from ${from} to ${to}, and changed here too: needs review`
      : `${who} found the event deleted in the calendar; the lead was changed here, so it was kept for review`;
  if (entry.kind === 'written-back')
    return `${who}’s change of ${label} to ${to} was written to the calendar`;
  if (entry.kind === 'write-conflict')
    return `Writing to the calendar found ${label} changed there from ${from} to ${to}, and changed here too: needs review`;
  if (entry.kind === 'kept')
    return entry.field
      ? `${who} kept ${label} ${to} over the calendar’s ${from}`
      : `${who} kept the lead as a manual lead after its event was deleted in the calendar`;
  return `${who} changed ${label} from ${from} to ${to}`;
}
