import type { FormatProblem, LeadResource } from '@auditdesk/shared';

/** A lead as the API answers it; development samples may say `name` and `phone` instead. */
export type ApiLead = Omit<
  LeadResource,
  'customerName' | 'phoneNumber' | 'createdAt' | 'updatedAt' | 'version'
> & {
  version?: number;
  customerName?: string;
  name?: string;
  phoneNumber?: string;
  phone?: string;
};

/** The columns of the table, in order, with the spec's default hidden ones. */
export const LEAD_COLUMNS = [
  { id: 'scheduledDate', header: 'Scheduled Date' },
  { id: 'customerName', header: 'Customer Name' },
  { id: 'address', header: 'Address' },
  { id: 'status', header: 'Status' },
  { id: 'auditor', header: 'Auditor' },
  { id: 'houseType', header: 'House Type' },
  { id: 'scheduledBy', header: 'Scheduled By' },
  { id: 'referredBy', header: 'Referred by' },
  { id: 'leadId', header: 'Lead ID' },
  { id: 'linkId', header: 'Link ID' },
  { id: 'weekView', header: 'Week View' },
  { id: 'phoneNumber', header: 'Phone Number' },
  { id: 'heatingFuel', header: 'Heating Fuel' },
  { id: 'provider', header: 'Provider' },
  { id: 'comments', header: 'Comments' },
  { id: 'endDate', header: 'End Time' },
  { id: 'lastSyncedAt', header: 'Last Synced' },
] as const;

export type LeadColumnId = (typeof LEAD_COLUMNS)[number]['id'];

/**
 * Hidden until a person shows them. Lead ID (the calendar's UID) is hidden here too, unlike
 * the spec: the visit's address took its place, and the default columns fit a 1440 px
 * screen (docs/decisions.md).
 */
export const DEFAULT_HIDDEN_COLUMNS: LeadColumnId[] = [
  'leadId',
  'linkId',
  'weekView',
  'phoneNumber',
  'heatingFuel',
  'provider',
  'comments',
  'endDate',
  'lastSyncedAt',
];

/** A row of the table: the screen's fields with the spec's fallbacks applied. */
export type LeadRow = Record<LeadColumnId, string> & {
  id: number;
  source: string;
  isFormatted: boolean;
  /** What an unformatted lead lacks ('no auditor', 'house type not recognised'…); empty when formatted. */
  formatProblems: FormatProblem[];
  email: string;
  /** The lead's version as read: an edit sends it back (If-Match) so it cannot overwrite another. */
  version: number;
  /** The calendar changed what the office changed, or deleted the event: a person decides. */
  needsReview: boolean;
};
