import {
  LINE_FIELDS,
  leadFieldRow,
  storedLeadDate,
  type LineField as CalendarLineField,
} from '@auditdesk/shared/core';
import { icsText } from '../../../platform/ics/icsText';
import type { OfficeField } from '../../leads/office/officeValueStatements';
import { readDescriptionLines, normalizeKey } from './descriptionLines';
import { CANCELLATION_MARKER, KEY_FIELDS } from './parseEvent';

/** The office's values of a lead that are to be written to its event. */
export type OfficeChanges = Partial<Record<OfficeField, string | null>>;

/** The fields that live on `Key: Value` lines of DESCRIPTION (the field table's), and the key written for each (event-format.md). */
type LineField = CalendarLineField & OfficeField;
const LINE_KEYS = Object.fromEntries(
  LINE_FIELDS.filter((field) => leadFieldRow(field).officeValue).map((field) => [
    field,
    leadFieldRow(field).calendar!.line,
  ]),
) as Record<LineField, string>;

/** What a write changes in an event, whatever the source: what the format says of each field. */
export interface EventEdit {
  /** SUMMARY's customer name (a cancellation marker is handled with `cancelled`). */
  customerName?: string;
  /** LOCATION (Google `location`, Graph `location.displayName`). */
  address?: string;
  start?: Date;
  /** With `start`: it is a day (an all-day event, `start` at 00:00 UTC of its date), or a time. */
  allDay?: boolean;
  /** null: the event gets no end of its own. */
  end?: Date | null;
  /** The status says Cancelled (true) or something else (false); unset: not edited. */
  cancelled?: boolean;
  /** `Key: Value` lines of DESCRIPTION to set, by lead field. */
  lines: Partial<Record<LineField, string>>;
}

/** The fields a write to the event can carry; any other office value stays an office value. */
export const WRITABLE_FIELDS: readonly OfficeField[] = [
  'customerName',
  'address',
  'scheduledDate',
  'endDate',
  ...(Object.keys(LINE_KEYS) as LineField[]),
];

const DAY_MS = 86_400_000;
/** A visit given a time without an end is an hour long, as the calendars book them. */
const VISIT_MS = 3_600_000;

/**
 * Whether the edit writes the start as a day (all day): the edit's say, else as the event is;
 * and the end it writes. An event is all-day or timed throughout (RFC 5545: DTEND of DTSTART's
 * type), so when the edit turns one into the other without an end of its own, the end follows:
 * the next day for a day, an hour after the start for a time. A day moved keeps its number of
 * days (`event.days`, 1 when unknown), and never ends before the day after its start.
 */
export function timesOf(
  edit: EventEdit,
  event: { allDay: boolean; days?: number },
): { allDay: boolean; end: Date | null | undefined } {
  const allDay = edit.start && edit.allDay !== undefined ? edit.allDay : event.allDay;
  const { start, end } = edit;
  if (!start) return { allDay, end };
  const after = (ms: number) => new Date(start.getTime() + ms);
  if (end === undefined && allDay !== event.allDay) return { allDay, end: after(allDay ? DAY_MS : VISIT_MS) };
  if (!allDay) return { allDay, end };
  if (end === undefined) return { allDay, end: after(Math.max(1, Math.round(event.days ?? 1)) * DAY_MS) };
  return { allDay, end: end && end.getTime() - start.getTime() < DAY_MS ? after(DAY_MS) : end };
}

/** How many days an all-day event lasts, from its start and end dates (yyyy-mm-dd…); 1 when unknown. */
export const daysBetweenDates = (start: string | null | undefined, end: string | null | undefined) => {
  const days =
    (Date.parse(`${end?.slice(0, 10)}T00:00:00Z`) - Date.parse(`${start?.slice(0, 10)}T00:00:00Z`)) / DAY_MS;
  return Number.isFinite(days) && days >= 1 ? days : 1;
};

/** A value on its line (SUMMARY, LOCATION, a `Key: Value` line): its line breaks become spaces. */
const oneLine = (value: string) => value.replace(/\s*\n\s*/g, ' ').trim();

/** The office's values as an edit of the event, by event-format.md ("Writing back"). */
export function eventEditOf(changes: OfficeChanges): EventEdit {
  const edit: EventEdit = { lines: {} };
  // as a calendar can carry it (line breaks as \n, no controls), whichever source it goes to
  const text = (field: OfficeField) => icsText(changes[field] ?? '');
  if ('customerName' in changes) edit.customerName = oneLine(text('customerName'));
  if ('address' in changes) edit.address = oneLine(text('address'));
  if (changes.scheduledDate) {
    // the office's date as its text: a day is its date alone (dateText.ts)
    const { value, allDay } = storedLeadDate(changes.scheduledDate);
    edit.start = new Date(value!);
    edit.allDay = allDay;
  }
  if ('endDate' in changes) edit.end = changes.endDate ? new Date(changes.endDate) : null;
  for (const field of Object.keys(LINE_KEYS) as LineField[]) {
    if (!(field in changes)) continue;
    if (field === 'status') {
      edit.cancelled = text('status').trim().toLowerCase() === 'cancelled';
      // a cancellation is the event's own status or marker, not a line
      if (!edit.cancelled) edit.lines.status = text('status').trim();
    } else edit.lines[field] = text(field);
  }
  return edit;
}

/**
 * SUMMARY after the edit: the customer name, with the cancellation marker the event had
 * kept while it stays cancelled; `markCancelled`: a source whose own cancellation is a
 * deletion (Google) or cannot be set (Graph) gets the `Cancelled: ` marker instead.
 */
export function summaryAfter(summary: string, edit: EventEdit, markCancelled: boolean): string {
  const marker = CANCELLATION_MARKER.exec(summary)?.[0] ?? '';
  const name = edit.customerName ?? summary.slice(marker.length).trim();
  if (edit.cancelled === false) return name;
  if (marker) return `${marker}${name}`;
  return edit.cancelled && markCancelled ? `Cancelled: ${name}` : name;
}

/**
 * The lines the parser adds to `comments` besides the Comments line (unknown keys and free
 * text): they stay where they are, so the Comments line takes only the rest of the office's
 * comments, on one line.
 */
function commentsLineValue(description: string, comments: string): string {
  const { pairs, loose } = readDescriptionLines(description);
  const kept = [
    ...pairs.filter((pair) => !KEY_FIELDS[pair.key]).map((pair) => `${pair.rawKey}: ${pair.value}`),
    ...loose,
  ];
  const own: string[] = [];
  for (const line of comments.split('\n').map((part) => part.trim())) {
    const at = kept.indexOf(line);
    if (at >= 0) kept.splice(at, 1);
    else if (line) own.push(line);
  }
  return own.join(' ');
}

/**
 * DESCRIPTION after the edit: each edited field replaces the value of its first `Key: Value`
 * line (the key as the event wrote it), or is added at the end with the format's key; every
 * other line — unknown keys, free text, line endings — is kept byte for byte.
 */
export function descriptionAfter(description: string, edit: EventEdit): string {
  const values = new Map(
    (Object.entries(edit.lines) as [LineField, string][]).map(([field, value]) => [
      field,
      field === 'comments' ? commentsLineValue(description, value) : oneLine(value),
    ]),
  );
  if (values.size === 0) return description;
  const parts = description.split(/(\r?\n)/);
  const done = new Set<LineField>();
  for (let index = 0; index < parts.length; index += 2) {
    const line = parts[index]!;
    const colon = line.indexOf(':');
    if (colon <= 0 || !line.slice(0, colon).trim()) continue;
    const field = KEY_FIELDS[normalizeKey(line.slice(0, colon).trim())] as LineField | undefined;
    if (!field || !values.has(field) || done.has(field)) continue;
    const value = values.get(field)!;
    parts[index] = value ? `${line.slice(0, colon)}: ${value}` : `${line.slice(0, colon)}:`;
    done.add(field);
  }
  const newline = description.includes('\r\n') ? '\r\n' : '\n';
  const added = [...values]
    .filter(([field, value]) => !done.has(field) && value && !(field === 'status' && value === 'Scheduled'))
    .map(([field, value]) => `${LINE_KEYS[field]}: ${value}`);
  const kept = parts.join('');
  if (added.length === 0) return kept;
  // added before the trailing line endings, which stay as they were
  const trailing = /(?:\r?\n)*$/.exec(kept)![0];
  const body = kept.slice(0, kept.length - trailing.length);
  return `${body ? `${body}${newline}` : ''}${added.join(newline)}${trailing}`;
}
