import type { EventRef } from './eventRef';

/** A lead as the sync writes it to the spreadsheet and the database. */
export interface LeadRecord {
  leadId: string;
  /** The event's http(s) link; empty when it has none (or a link of another kind). */
  linkId: string;
  customerName: string;
  /** The service address of the visit (the event's LOCATION). */
  address: string;
  /** ISO 8601 date-time in UTC */
  scheduledDate: string;
  /** When the visit ends (DTEND, or DTSTART + DURATION), ISO 8601 in UTC; null when unknown. */
  endDate: string | null;
  /** Week of the month of scheduledDate (event-format.md) */
  week: number;
  auditor: string;
  houseType: string;
  phoneNumber: string;
  heatingFuel: string;
  provider: string;
  referredBy: string;
  scheduledBy: string;
  status: string;
  email: string;
  comments: string;
  /** Customer name, Auditor line and a known House Type: see event-format.md. */
  isFormatted: boolean;
  /** Where the event is at a source that can be written; kept apart from the content hash and the sheet. */
  eventRef?: EventRef;
}

/** Every synced field, in a fixed order (the content hash and the staging payload use it). */
export const LEAD_FIELDS = [
  'leadId',
  'customerName',
  'address',
  'scheduledDate',
  'endDate',
  'week',
  'auditor',
  'houseType',
  'status',
  'phoneNumber',
  'email',
  'heatingFuel',
  'provider',
  'referredBy',
  'scheduledBy',
  'linkId',
  'comments',
  'isFormatted',
] as const satisfies readonly (keyof LeadRecord)[];
