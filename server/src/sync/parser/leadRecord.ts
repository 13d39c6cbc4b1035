/** A lead as the sync writes it to the spreadsheet and the database. */
export interface LeadRecord {
  leadId: string;
  linkId: string;
  customerName: string;
  /** ISO 8601 date-time in UTC */
  scheduledDate: string;
  weekView: string;
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
}

/** The lead's fields in spreadsheet column order (lastSyncedAt is added when written). */
export const LEAD_FIELDS = [
  'leadId',
  'customerName',
  'scheduledDate',
  'weekView',
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
] as const satisfies readonly (keyof LeadRecord)[];

export type LeadField = (typeof LEAD_FIELDS)[number];
