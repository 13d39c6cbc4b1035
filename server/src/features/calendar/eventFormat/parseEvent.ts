import { formatProblems, LINE_FIELDS, leadFieldRow, type LineField } from '@auditdesk/shared/core';
import type { CalendarEvent } from '../calendarEvent';
import { normalizeKey, readDescriptionLines } from './descriptionLines';
import type { LeadRecord } from '../../leads/record/leadRecord';
import {
  matchAuditor,
  normalizeFuel,
  normalizeHouseType,
  normalizeProvider,
  titleCase,
} from '../../leads/record/normalizers';
import { weekOfMonth } from '../../leads/record/weekOfMonth';

/** Normalized description key → lead field (event-format.md, "DESCRIPTION lines"), from the field table. */
export const KEY_FIELDS: Readonly<Record<string, LineField>> = Object.fromEntries(
  LINE_FIELDS.flatMap((field) => {
    const { line, aliases = [] } = leadFieldRow(field).calendar!;
    return [line, ...aliases].map((key) => [normalizeKey(key), field] as const);
  }),
);

/** `Cancelled`, `Canceled` or `[Cancelled]`, any case, then `:`, `-` or a space. */
export const CANCELLATION_MARKER = /^\s*(?:\[cancell?ed\]|cancell?ed)\s*(?::|-|\s)\s*/i;

/** Every line field's value as the event wrote it, empty when it has no such line. */
function asWritten(fields: Partial<Record<LineField, string>>): Record<LineField, string> {
  const values = {} as Record<LineField, string>;
  for (const field of LINE_FIELDS) values[field] = fields[field] ?? '';
  return values;
}

/** Turns one calendar event into one lead, exactly as event-format.md describes. */
export function parseEvent(event: CalendarEvent, auditors: readonly string[]): LeadRecord {
  const { pairs, loose } = readDescriptionLines(event.description);
  const fields: Partial<Record<LineField, string>> = {};
  const unknown: string[] = [];
  for (const { key, rawKey, value } of pairs) {
    const field = KEY_FIELDS[key];
    if (!field) unknown.push(`${rawKey}: ${value}`);
    else if (!fields[field]) fields[field] = value;
  }

  const marked = CANCELLATION_MARKER.test(event.summary);
  const summaryName = event.summary.replace(CANCELLATION_MARKER, '').trim();
  const customerName = summaryName || fields.email || '';
  const houseTypeText = fields.houseType ?? '';
  const houseType = normalizeHouseType(houseTypeText);
  const auditor = fields.auditor ? matchAuditor(fields.auditor, auditors) : '';
  const status =
    event.cancelled || marked ? 'Cancelled' : fields.status ? titleCase(fields.status) : 'Scheduled';

  // each line's value as written, then the lines the format normalizes: assigned onto that
  // object, since spreading it into a new literal cost four times the rest of the parse
  const lead: LeadRecord = Object.assign(asWritten(fields), {
    leadId: event.leadId,
    linkId: /^https?:\/\/\S+$/i.test(event.url) ? event.url : '',
    customerName,
    address: event.location,
    scheduledDate: event.start.toISOString(),
    allDay: event.allDay,
    endDate: event.end?.toISOString() ?? null,
    week: weekOfMonth(event.start),
    auditor,
    houseType: houseType ?? houseTypeText,
    heatingFuel: fields.heatingFuel ? normalizeFuel(fields.heatingFuel) : '',
    provider: fields.provider ? normalizeProvider(fields.provider) : '',
    status,
    comments: [fields.comments, ...unknown, ...loose].filter(Boolean).join('\n'),
    isFormatted:
      formatProblems({ customerName, auditor, houseType: houseType ?? houseTypeText }).length === 0,
    ...(event.ref ? { eventRef: event.ref } : {}),
  });
  return lead;
}
