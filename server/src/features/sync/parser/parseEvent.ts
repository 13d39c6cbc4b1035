import { formatProblems } from '@auditdesk/shared/core';
import type { CalendarEvent } from '../calendar/calendarEvent';
import { readDescriptionLines } from './descriptionLines';
import type { LeadRecord } from '../../leads/record/leadRecord';
import { matchAuditor, normalizeFuel, normalizeHouseType, normalizeProvider, titleCase } from '../../leads/record/normalizers';
import { weekOfMonth } from '../../leads/record/weekOfMonth';

/** Normalized description key → lead field (event-format.md, "DESCRIPTION lines"). */
export const KEY_FIELDS: Record<string, keyof LeadRecord> = {
  auditor: 'auditor',
  housetype: 'houseType',
  familytype: 'houseType',
  units: 'houseType',
  phone: 'phoneNumber',
  phonenumber: 'phoneNumber',
  tel: 'phoneNumber',
  heatingfuel: 'heatingFuel',
  fuel: 'heatingFuel',
  provider: 'provider',
  utility: 'provider',
  referredby: 'referredBy',
  referral: 'referredBy',
  referrer: 'referredBy',
  scheduledby: 'scheduledBy',
  bookedby: 'scheduledBy',
  status: 'status',
  email: 'email',
  comments: 'comments',
  notes: 'comments',
};

/** `Cancelled`, `Canceled` or `[Cancelled]`, any case, then `:`, `-` or a space. */
export const CANCELLATION_MARKER = /^\s*(?:\[cancell?ed\]|cancell?ed)\s*(?::|-|\s)\s*/i;

/** Turns one calendar event into one lead, exactly as event-format.md describes. */
export function parseEvent(event: CalendarEvent, auditors: readonly string[]): LeadRecord {
  const { pairs, loose } = readDescriptionLines(event.description);
  const fields: Partial<Record<keyof LeadRecord, string>> = {};
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

  return {
    leadId: event.leadId,
    linkId: /^https?:\/\/\S+$/i.test(event.url) ? event.url : '',
    customerName,
    address: event.location,
    scheduledDate: event.start.toISOString(),
    endDate: event.end?.toISOString() ?? null,
    week: weekOfMonth(event.start),
    auditor,
    houseType: houseType ?? houseTypeText,
    phoneNumber: fields.phoneNumber ?? '',
    heatingFuel: fields.heatingFuel ? normalizeFuel(fields.heatingFuel) : '',
    provider: fields.provider ? normalizeProvider(fields.provider) : '',
    referredBy: fields.referredBy ?? '',
    scheduledBy: fields.scheduledBy ?? '',
    status,
    email: fields.email ?? '',
    comments: [fields.comments, ...unknown, ...loose].filter(Boolean).join('\n'),
    isFormatted:
      formatProblems({ customerName, auditor, houseType: houseType ?? houseTypeText }).length === 0,
    ...(event.ref ? { eventRef: event.ref } : {}),
  };
}
